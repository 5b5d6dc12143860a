// Uploads to the media routes as a client does (multipart, files streamed from disk), the status a client
// polls, and the job rows the benchmark watches through its own connection to the same database.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { BenchError } from './measure.ts';

export interface UploadedFile {
  processingId: string;
  mediaId: string;
  originalName: string;
}

interface UploadAnswer {
  processingResults: Array<{ processingId: string; mediaId: string; originalName: string; status: string }>;
}

const MIME_BY_EXTENSION: Record<string, string> = { '.jpg': 'image/jpeg', '.mp4': 'video/mp4' };

/**
 * POSTs a multipart body as a browser does (with its Content-Length), each file streamed from disk as
 * the socket drains. Node's fetch reads a file-backed Blob in a FormData whole into memory first.
 */
async function postMultipart(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  files: ReadonlyArray<{ field: string; path: string }>,
): Promise<{ status: number; text: string }> {
  const boundary = `----trowel-bench-${randomBytes(12).toString('hex')}`;
  const parts: Array<Buffer | string> = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    const type = MIME_BY_EXTENSION[path.extname(file.path)] ?? 'application/octet-stream';
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
          `filename="${path.basename(file.path)}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      file.path,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const length = parts.reduce(
    (sum, part) => sum + (typeof part === 'string' ? fs.statSync(part).size : part.length),
    0,
  );
  const request = http.request(url, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(length),
    },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
  });
  // A refused upload may be answered before the body is sent: stop writing then.
  let finished = false;
  void answered.then(
    () => (finished = true),
    () => (finished = true),
  );
  try {
    for (const part of parts) {
      if (finished) break;
      if (typeof part !== 'string') {
        request.write(part);
        continue;
      }
      for await (const chunk of fs.createReadStream(part, { highWaterMark: 256 * 1024 })) {
        if (finished) break;
        if (!request.write(chunk as Buffer)) await once(request, 'drain');
      }
    }
    request.end();
  } catch (error) {
    request.destroy(error as Error);
  }
  return answered;
}

/**
 * POST /api/media/upload (one file, field `file`) or /api/media/upload-batch (up to five, field
 * `files`); the files are read from disk as the request body streams, never whole into memory.
 */
export async function uploadMedia(
  origin: string,
  headers: Record<string, string>,
  projectId: string,
  files: readonly string[],
): Promise<UploadedFile[]> {
  const single = files.length === 1;
  const url = `${origin}/api/media/${single ? 'upload' : 'upload-batch'}`;
  const { status, text } = await postMultipart(
    url,
    headers,
    { projectId, description: 'benchmark upload' },
    files.map((file) => ({ field: single ? 'file' : 'files', path: file })),
  );
  if (status !== 202) throw new BenchError(`POST ${url} answered ${status}: ${text}`);
  const answer = JSON.parse(text) as UploadAnswer;
  if (answer.processingResults.length !== files.length) {
    throw new BenchError(
      `POST ${url} answered ${answer.processingResults.length} results for ${files.length} files`,
    );
  }
  return answer.processingResults.map(({ processingId, mediaId, originalName }) => ({
    processingId,
    mediaId,
    originalName,
  }));
}

export type ProcessingStatus = 'processing' | 'completed' | 'failed';

/** Polls GET /api/media/status/{processingId} every `intervalMs` until it is no longer processing. */
export async function waitForProcessing(
  origin: string,
  headers: Record<string, string>,
  processingId: string,
  options: { intervalMs: number; limitMs: number },
): Promise<{ status: Exclude<ProcessingStatus, 'processing'>; error: string | null; polls: number }> {
  const url = `${origin}/api/media/status/${processingId}`;
  const started = performance.now();
  for (let polls = 1; performance.now() - started < options.limitMs; polls++) {
    const response = await fetch(url, { headers });
    const text = await response.text();
    if (response.status !== 200) throw new BenchError(`GET ${url} answered ${response.status}: ${text}`);
    const answer = JSON.parse(text) as { status: ProcessingStatus; error?: string };
    if (answer.status !== 'processing') return { status: answer.status, error: answer.error ?? null, polls };
    await sleep(options.intervalMs);
  }
  throw new BenchError(`${processingId} was still processing after ${options.limitMs} ms`);
}

export interface JobCounts {
  queued: number;
  running: number;
  done: number;
  failed: number;
}

/** Reads the server's job rows through the benchmark's own connection (PostgreSQL only). */
export interface JobWatcher {
  counts(processingIds: readonly string[]): Promise<JobCounts>;
  /** Jobs of any kind not finished yet (the worker is idle when this is 0). */
  unfinished(): Promise<number>;
  status(processingId: string): Promise<string | null>;
  /** Error messages of failed jobs among these. */
  failures(processingIds: readonly string[]): Promise<string[]>;
  close(): Promise<void>;
}

export function watchJobs(databaseUrl: string): JobWatcher {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  return {
    async counts(processingIds) {
      const result = await pool.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from jobs where processing_id = any($1::uuid[]) group by status',
        [processingIds],
      );
      const counts: JobCounts = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const row of result.rows) if (row.status in counts) counts[row.status as keyof JobCounts] = row.n;
      return counts;
    },
    async unfinished() {
      const result = await pool.query<{ n: number }>(
        "select count(*)::int as n from jobs where status in ('queued', 'running')",
      );
      return result.rows[0]?.n ?? 0;
    },
    async status(processingId) {
      const result = await pool.query<{ status: string }>(
        'select status from jobs where processing_id = $1',
        [processingId],
      );
      return result.rows[0]?.status ?? null;
    },
    async failures(processingIds) {
      const result = await pool.query<{ error: string | null }>(
        "select error from jobs where processing_id = any($1::uuid[]) and status = 'failed'",
        [processingIds],
      );
      return result.rows.map((row) => row.error ?? 'no reason given');
    },
    close: () => pool.end(),
  };
}
