import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

/** A Trowel server of one test worker: its own port, data directory and SMTP relay address. */
export interface TrowelServer {
  url: string;
  /** The SMTP port this server sends every email to (a test may listen there with the SMTP sink). */
  smtpPort: number;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs} ms:\n${output()}`);
}

/**
 * A database of the worker's own on the PostgreSQL server at E2E_PG_ADMIN_URL (made now, dropped at the
 * end), or none: the server then keeps its embedded database in its data directory.
 */
async function workerDatabase(port: number): Promise<{ url?: string; drop(): Promise<void> }> {
  const admin = process.env.E2E_PG_ADMIN_URL;
  if (!admin) return { drop: async () => undefined };
  const name = `trowel_e2e_${port}_${process.pid}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Starts `npm start`'s script on a fresh data directory with the demo company, on the built web app
 * (the test command builds it first), and answers once its health check answers.
 */
export async function startTrowelServer(port: number): Promise<TrowelServer> {
  const dataDir = path.join(root, `.tmp/e2e-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const smtpPort = port + 25;
  const url = `http://127.0.0.1:${port}`;
  const database = await workerDatabase(port);
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Nothing listens here: WhatsApp sends fail at once instead of reaching Meta.
      WHATSAPP_API_URL: `http://127.0.0.1:${port + 26}/v21.0`,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    await waitForHealth(url, child, () => output, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, smtpPort, stop };
}
