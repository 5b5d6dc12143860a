// Writers that keep a server busy with the writes a site office makes (daily logs, material requests
// and their lead's approval, budgets and their approval) and write down what each request was
// answered: the ledger a fault run checks the database against afterwards.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Auth, FaultCompany } from './company.ts';

export type WriteKind = 'daily-log' | 'material-request' | 'material-approval' | 'budget' | 'budget-approval';

/** What was written, and how it was answered (null: no answer came, the process died under it). */
export interface Write {
  kind: WriteKind;
  /** Unique text in the written row (log title, request notes, budget line), and the create's Idempotency-Key. */
  marker: string;
  /** The object's id: from the create's answer, or the object an approval was asked of. */
  id: string | null;
  /** The writer that sent it (which project, which engineer). */
  writer: number;
  status: number | null;
  /** The answer's error code, when it was refused. */
  code?: string;
  /** When it was sent and answered (performance.now()). */
  sentAt: number;
  answeredAt: number | null;
  /** For a create without an answer that was sent again with its Idempotency-Key: that answer. */
  retried?: { status: number | null; replayed: boolean; id: string | null; retryAfter: boolean };
}

export const isCreate = (kind: WriteKind) =>
  kind === 'daily-log' || kind === 'material-request' || kind === 'budget';

export interface WriteLoad {
  ledger: Write[];
  /** Stops sending new requests; those under way are left to finish or fail. */
  halt(): void;
  /** Resolves once every writer has stopped (after halt(), or when `stopOnFailure` saw a failure). */
  settled(): Promise<void>;
}

/** The creates of a ledger that got no answer, sent again with their Idempotency-Key, each once. */
export async function retryUnanswered(origin: string, ledger: Write[], company: FaultCompany) {
  for (const write of ledger.filter((each) => each.status === null && isCreate(each.kind))) {
    const request = requestFor(write.kind, write.marker, company, write.writer);
    try {
      const response = await fetch(`${origin}${request.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': write.marker, ...request.auth },
        body: JSON.stringify(request.body),
      });
      const body = (await response.json()) as Record<string, { id?: string } | undefined>;
      write.retried = {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed') === 'true',
        retryAfter: response.headers.has('retry-after'),
        id: body[request.answerKey]?.id ?? null,
      };
    } catch {
      write.retried = { status: null, replayed: false, id: null, retryAfter: false };
    }
  }
}

interface CreateRequest {
  url: string;
  auth: Auth;
  body: unknown;
  answerKey: string;
}

/** Writer n writes on project n mod P, as that project's engineer (n div P) mod E. */
const projectOf = (company: FaultCompany, writer: number) =>
  company.projects[writer % company.projects.length]!;

function requestFor(kind: WriteKind, marker: string, company: FaultCompany, writer: number): CreateRequest {
  const project = projectOf(company, writer);
  const engineer =
    project.engineers[Math.floor(writer / company.projects.length) % project.engineers.length]!;
  switch (kind) {
    case 'daily-log':
      return {
        url: '/api/daily-logs',
        auth: engineer,
        answerKey: 'dailyLog',
        body: { projectId: project.id, title: marker, message: 'Blockwork to first floor', type: 'update' },
      };
    case 'material-request':
      return {
        url: '/api/material-requests',
        auth: engineer,
        answerKey: 'materialRequest',
        body: { projectId: project.id, items: [{ name: 'Cement (50kg bags)', quantity: 40 }], notes: marker },
      };
    case 'budget':
      return {
        url: '/api/budgets',
        auth: company.admin,
        answerKey: 'budget',
        body: { projectId: project.id, items: [{ description: marker, quantity: 2, unitPrice: 9500 }] },
      };
    default:
      throw new Error(`${kind} is not a create`);
  }
}

export interface WriteLoadOptions {
  writers: number;
  /** Starts every marker, so a run's rows are told from the others'. */
  runId: string;
  /** A writer refused (a 503 while the database restarts) waits this long before its next write. */
  pauseAfterFailureMs?: number;
}

/**
 * `writers` loops, a third each writing daily logs, material requests (each approved by the project's
 * lead once created) and budgets (each approved by the administrator), until halted. Every create
 * carries its marker as Idempotency-Key.
 */
export function startWriteLoad(origin: string, company: FaultCompany, options: WriteLoadOptions): WriteLoad {
  const { writers, runId, pauseAfterFailureMs = 100 } = options;
  const ledger: Write[] = [];
  let halted = false;

  async function send(
    write: Omit<Write, 'status' | 'sentAt' | 'answeredAt'>,
    method: 'POST' | 'PUT',
    url: string,
    auth: Auth,
    body: unknown,
    answerKey: string,
  ): Promise<string | null> {
    const entry: Write = { ...write, status: null, sentAt: performance.now(), answeredAt: null };
    ledger.push(entry);
    try {
      const response = await fetch(`${origin}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(isCreate(write.kind) ? { 'idempotency-key': write.marker } : {}),
          ...auth,
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      entry.status = response.status;
      entry.answeredAt = performance.now();
      if (response.status >= 300) {
        if (typeof answer.code === 'string') entry.code = answer.code;
        await sleep(pauseAfterFailureMs);
        return null;
      }
      entry.id ??= (answer[answerKey] as { id?: string } | undefined)?.id ?? null;
      return entry.id;
    } catch {
      // No answer: the server went away with the request.
      return null;
    }
  }

  async function writer(n: number) {
    const kind = (['daily-log', 'material-request', 'budget'] as const)[n % 3]!;
    for (let i = 0; !halted; i++) {
      const marker = `${runId}-${n}-${i}`;
      const request = requestFor(kind, marker, company, n);
      const create = { kind, marker, id: null, writer: n };
      const id = await send(create, 'POST', request.url, request.auth, request.body, request.answerKey);
      if (halted || !id) continue;
      if (kind === 'material-request') {
        const approval = { kind: 'material-approval' as const, marker, id, writer: n };
        const lead = projectOf(company, n).lead;
        await send(
          approval,
          'PUT',
          `/api/material-requests/${id}`,
          lead,
          { status: 'approved_by_lead' },
          'materialRequest',
        );
      } else if (kind === 'budget') {
        const approval = { kind: 'budget-approval' as const, marker, id, writer: n };
        await send(approval, 'POST', `/api/budgets/${id}/approve`, company.admin, {}, 'budget');
      }
    }
  }

  const loops = Array.from({ length: writers }, (_, n) => writer(n));
  return {
    ledger,
    halt: () => {
      halted = true;
    },
    settled: async () => {
      await Promise.all(loops);
    },
  };
}
