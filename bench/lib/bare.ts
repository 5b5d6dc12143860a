import { fork } from 'node:child_process';
import { cleanups } from './cleanup.ts';
import type { FloorSchemaName } from './floor-answers.ts';

export interface BareServer {
  pid: number;
  url: string;
  /**
   * Serves `answer` on a route of its own, written per request by the server's serializer for the
   * schema (see bare-server.ts); answers that route's URL.
   */
  serveAnswer(schema: FloorSchemaName, answer: unknown): Promise<string>;
  /** Ends the process; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * Starts the baseline, a bare Fastify route, in a process of its own started as the server under test
 * is (node with the tsx loader), so the ratio compares two processes that each do nothing but serve.
 */
export async function startBareServer(): Promise<BareServer> {
  const child = fork(new URL('./bare-server.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      cleanups.delete(stop);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      if (child.connected) child.disconnect();
      else child.kill('SIGTERM');
    });
    return stopping;
  };
  cleanups.add(stop);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the bare server did not start within 30 s')), 30_000);
      child.once('message', (message: { port: number }) => {
        clearTimeout(timer);
        resolve(message.port);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the bare server exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`));
      });
    });
    if (child.pid === undefined) throw new Error('the bare server has no pid');
    const url = `http://127.0.0.1:${port}/bare`;
    const serveAnswer = (schema: FloorSchemaName, answer: unknown) =>
      new Promise<string>((resolve) => {
        child.once('message', () => resolve(`${url}/answer`));
        child.send({ schema, answer });
      });
    return { pid: child.pid, url, serveAnswer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
