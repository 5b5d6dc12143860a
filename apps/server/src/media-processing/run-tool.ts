import { spawn, type ChildProcess } from 'node:child_process';
import { basename } from 'node:path';
import { MediaProcessingError } from './errors.ts';

const STDERR_TAIL_CHARS = 4000;

/** Tools running now, so a process that is stopping can stop them too. */
const running = new Set<ChildProcess>();

/** Kills every tool this process started that is still running. */
export function stopRunningTools() {
  for (const child of running) child.kill('SIGKILL');
}

export interface ToolRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** The last few thousand characters the tool wrote to stderr. */
  stderrTail: string;
}

export interface RunToolOptions {
  /** The child is killed (SIGKILL) when it runs longer than this. */
  timeoutMs: number;
  /** The child is killed when it writes more than this to stdout. */
  maxStdoutBytes?: number;
}

/**
 * Runs a tool without a shell (arguments are never parsed by one) and answers how it ended. Only what
 * keeps it from ending normally rejects: failing to start, the timeout, too much output.
 */
export function runTool(command: string, args: string[], options: RunToolOptions): Promise<ToolRun> {
  const { timeoutMs, maxStdoutBytes = 64 * 1024 * 1024 } = options;
  const name = basename(command);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrTail = '';
    let failure: MediaProcessingError | undefined;

    const stop = (error: MediaProcessingError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      stop(
        new MediaProcessingError('TIMED_OUT', 'Processing took too long and was stopped', {
          details: `${name} ran longer than ${timeoutMs} ms`,
        }),
      );
    }, timeoutMs);

    // Tools inherit this process's priority: the media processor runs below everything else.
    running.add(child);
    child.once('close', () => running.delete(child));
    child.once('error', () => running.delete(child));
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdoutBytes) {
        stop(
          new MediaProcessingError('PROCESSING_FAILED', 'The file could not be processed', {
            details: `${name} wrote more than ${maxStdoutBytes} bytes`,
          }),
        );
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new MediaProcessingError('TOOL_UNAVAILABLE', 'Video processing is not available on this server', {
          details: `${name} could not be started: ${error.message}`,
          cause: error,
        }),
      );
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      if (failure) {
        reject(
          new MediaProcessingError(failure.code, failure.message, {
            details: `${failure.details ?? ''}\n${stderrTail}`.trim(),
          }),
        );
        return;
      }
      resolve({ exitCode, signal, stdout: Buffer.concat(stdout), stderrTail });
    });
  });
}

/** What went wrong, for logs: how the tool ended and the end of its stderr. */
export function describeRun(command: string, run: ToolRun): string {
  const ending = run.signal ? `was killed by ${run.signal}` : `exited with code ${run.exitCode}`;
  return `${basename(command)} ${ending}\n${run.stderrTail}`.trim();
}
