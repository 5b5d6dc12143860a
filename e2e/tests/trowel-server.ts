import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
 * Starts `npm start`'s script on a fresh data directory with the demo company, on the built web app
 * (the test command builds it first), and answers once its health check answers.
 */
export async function startTrowelServer(port: number): Promise<TrowelServer> {
  const dataDir = path.join(root, `.tmp/e2e-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const smtpPort = port + 25;
  const url = `http://127.0.0.1:${port}`;
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
  };
  try {
    await waitForHealth(url, child, () => output, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, smtpPort, stop };
}
