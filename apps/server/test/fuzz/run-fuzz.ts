import fc from 'fast-check';
import path from 'node:path';
import { differences, fingerprint, tableNames, type Fingerprint } from './database-fingerprint.ts';
import { jsonText, multipartBody, queryText } from './encode.ts';
import type { Actor, FuzzWorld } from './fuzz-world.ts';
import { routePlans, type RoutePlan } from './route-plans.ts';
import { requestValueArbitrary, type GeneratorHints } from './schema-arbitrary.ts';

export interface FuzzOptions {
  /** Batches per group of routes: each batch sends every route of its group one request. */
  runs: number;
  seed?: number;
  /** Routes asked together in one batch (the state is compared around each batch). */
  groupSize?: number;
  /** Only the routes whose key contains this text (to chase one failure). */
  only?: string;
  log?: (line: string) => void;
}

export interface FuzzReport {
  seed: number;
  runs: number;
  routes: number;
  requests: number;
  batches: number;
  /** Batches in which every write was refused, so the database and files were compared. */
  comparedBatches: number;
  statuses: Record<string, number>;
  /** Per route, how many answers of each status it gave. */
  byRoute: Record<string, Record<string, number>>;
  /** Per route, the first few distinct refusals (status and message): what the fuzz runs into. */
  refusals: Record<string, string[]>;
  failures: string[];
  milliseconds: number;
}

interface FuzzRequest {
  actor: Actor;
  query: unknown;
  body: unknown;
  asJson: boolean;
  /** The content type a JSON body is sent with: mostly JSON's, now and then another. */
  contentType: string;
  /** Where a multipart body is cut short, when it is (a client that went away). */
  cut: number | null;
  file: { name: string; content: Buffer } | null;
}

/** Files sent to upload routes: not what their names say, empty, or a real PNG signature on junk. */
const FILES = [
  { name: 'notes.txt', content: Buffer.from('not a picture at all') },
  { name: 'empty.png', content: Buffer.alloc(0) },
  {
    name: 'broken.png',
    content: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]),
  },
  { name: '../../../etc/passwd', content: Buffer.from('%PDF-1.4\n%%EOF') },
];

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json-patch+json',
  'multipart/form-data',
];

function requestArbitrary(plan: RoutePlan, hints: GeneratorHints): fc.Arbitrary<FuzzRequest> {
  const body = plan.body;
  const sendsQuery = plan.query !== undefined || plan.route.method === 'GET';
  return fc.record({
    actor: fc.constantFrom(...plan.readers),
    contentType: fc.oneof(
      { weight: 9, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    query: sendsQuery ? requestValueArbitrary(plan.query, hints) : fc.constant(undefined),
    body:
      body === null
        ? fc.constant(undefined)
        : requestValueArbitrary(body.kind === 'none' ? undefined : body.schema, hints),
    asJson:
      body?.kind === 'form' ? (body.acceptsJson ? fc.boolean() : fc.constant(false)) : fc.constant(true),
    file: body?.kind === 'form' ? fc.option(fc.constantFrom(...FILES), { nil: null }) : fc.constant(null),
    cut:
      body?.kind === 'form'
        ? fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat() })
        : fc.constant(null),
  });
}

/** A request not answered by then fails the run (an upload cut short inside a file once waited for ever). */
const ANSWER_WITHIN_MS = 10_000;

interface Sent {
  /** 0 when no answer came within ANSWER_WITHIN_MS. */
  status: number;
  answer: string;
  /** The `error` of a failed answer. */
  error: string | undefined;
  description: string;
}

function excerpt(text: string, length = 300): string {
  return text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;
}

async function send(world: FuzzWorld, plan: RoutePlan, request: FuzzRequest): Promise<Sent> {
  const query = request.query === undefined ? '' : queryText(request.query);
  const url = query ? `${plan.path}?${query}` : plan.path;
  const headers: Record<string, string> = {};
  if (request.actor !== 'anonymous') headers.authorization = world.auth[request.actor];
  let payload: string | Buffer | undefined;
  if (plan.body?.kind === 'form' && !request.asJson) {
    const form = multipartBody(
      request.body,
      request.file ? { field: plan.body.fileField, ...request.file } : undefined,
    );
    payload =
      request.cut === null ? form.payload : form.payload.subarray(0, request.cut % form.payload.length);
    headers['content-type'] = form.contentType;
  } else if (plan.body) {
    payload = jsonText(request.body);
    headers['content-type'] = request.contentType;
  }
  const sentBody = payload === undefined ? '' : ` body ${excerpt(payload.toString())}`;
  const description =
    `${plan.route.key} as ${request.actor}: ${plan.route.method} ${excerpt(url, 400)}` +
    `${payload === undefined ? '' : ` (${headers['content-type']})`}${sentBody}`;
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS)));
  const answer = await Promise.race([
    world.server.app.inject({
      method: plan.route.method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    }),
    silence,
  ]);
  clearTimeout(timer);
  if (!answer) {
    return { status: 0, answer: `no answer within ${ANSWER_WITHIN_MS} ms`, error: undefined, description };
  }
  let error: string | undefined;
  try {
    error = answer.statusCode >= 400 ? (answer.json() as { error?: string }).error : undefined;
  } catch {
    error = 'an answer that is not JSON';
  }
  return {
    status: answer.statusCode,
    answer: excerpt(answer.body, 500),
    error,
    description,
  };
}

/**
 * Property-based fuzzing of every body and query of the API (see input-fuzz.test.ts): the routes in
 * groups, each group one fast-check property whose every run sends each route of the group one
 * request at once, built from the route's shared schema with hostile values put in. A run fails when
 * an answer is 5xx, or when every write of the run was refused (4xx) and yet a table or the stored
 * files changed.
 */
export async function runFuzz(world: FuzzWorld, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const seed = options.seed ?? (Date.now() ^ (Math.random() * 0x100000000)) >>> 0;
  const hints: GeneratorHints = { idsFor: world.idsFor };
  const plans = routePlans(world).filter((plan) => !options.only || plan.route.key.includes(options.only));
  const groupSize = options.groupSize ?? 6;
  const db = world.server.ctx.db;
  const tables = await tableNames(db);
  const filesDir = path.join(world.server.dataDir, 'files');
  const report: FuzzReport = {
    seed,
    runs: options.runs,
    routes: plans.length,
    requests: 0,
    batches: 0,
    comparedBatches: 0,
    statuses: {},
    byRoute: {},
    refusals: {},
    failures: [],
    milliseconds: 0,
  };
  let baseline: Fingerprint = await fingerprint(db, tables, filesDir);

  for (let start = 0; start < plans.length; start += groupSize) {
    const group = plans.slice(start, start + groupSize);
    const property = fc.asyncProperty(
      fc.tuple(...group.map((plan) => requestArbitrary(plan, hints))),
      async (requests) => {
        const sent = await Promise.all(requests.map((request, index) => send(world, group[index]!, request)));
        report.requests += sent.length;
        report.batches += 1;
        const problems: string[] = [];
        sent.forEach((answer, index) => {
          const key = group[index]!.route.key;
          report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
          const counts = (report.byRoute[key] ??= {});
          counts[answer.status] = (counts[answer.status] ?? 0) + 1;
          const refusals = (report.refusals[key] ??= []);
          const refusal = `${answer.status} ${excerpt(answer.error ?? '', 120)}`;
          if (answer.status >= 400 && refusals.length < 5 && !refusals.includes(refusal))
            refusals.push(refusal);
          if (answer.status >= 500 || answer.status === 0)
            problems.push(`${answer.status || 'no answer'} for ${answer.description}\n  → ${answer.answer}`);
        });
        const writes = sent.filter((_answer, index) => group[index]!.route.method !== 'GET');
        const allRefused = writes.every((answer) => answer.status >= 400 && answer.status < 500);
        const after = await fingerprint(db, tables, filesDir);
        if (allRefused) {
          report.comparedBatches += 1;
          const changed = differences(baseline, after);
          if (changed.length > 0) {
            problems.push(
              `${changed.join(', ')} changed though every write was refused:\n` +
                writes.map((answer) => `  ${answer.status} for ${answer.description}`).join('\n'),
            );
          }
        }
        baseline = after;
        if (problems.length > 0) throw new Error(problems.join('\n'));
      },
    );
    const details = await fc.check(property, {
      numRuns: options.runs,
      seed: seed + start,
      endOnFailure: true,
    });
    if (details.failed) {
      const message =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance);
      report.failures.push(`seed ${seed + start}, path ${details.counterexamplePath}:\n${message}`);
    }
    options.log?.(
      `routes ${start + 1}-${start + group.length} of ${plans.length}: ${details.numRuns} runs` +
        (details.failed ? ' — FAILED' : ''),
    );
  }
  report.milliseconds = Date.now() - started;
  return report;
}
