import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AvatarVariants } from './avatar-variants.ts';
import { MediaProcessingError } from './errors.ts';
import type { ImageVariantsResult } from './image-variants.ts';
import type {
  ProcessorAnswer,
  ProcessorFailure,
  ProcessorReady,
  ProcessorTask,
} from './processor-protocol.ts';

const CHILD = fileURLToPath(new URL('./processor-child.ts', import.meta.url));
/** Where `--import tsx` is resolved from: the server package, whatever the caller's directory. */
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;
/** A photo takes well under a second; this only catches a processor that hangs. */
const IMAGE_TIMEOUT_MS = 120_000;
/** Videos have their own timeouts per ffmpeg run (by duration); this is the last resort. */
const VIDEO_TIMEOUT_MS = 4 * 60 * 60_000;

export interface VideoVariants {
  duration: number;
  poster: Buffer;
}

export interface MediaProcessor {
  /** The four image variants of a photo. */
  image(input: string, options?: { maxInputPixels?: number }): Promise<ImageVariantsResult>;
  avatar(input: string): Promise<AvatarVariants>;
  /** Probes a video, answers its duration and poster, and writes its compressed copy to `output`. */
  video(input: string, output: string): Promise<VideoVariants>;
  /** The processor's process id while it runs (for tests and benchmarks). */
  readonly pid: number | undefined;
  /** Fails what is pending and ends the processor process. */
  stop(): Promise<void>;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Image and video work in a process of its own, started on first use, below everything else on the
 * machine (lowest niceness, its own scheduling group): however many photos a batch brings, the API
 * answers first, and a decoder that crashes or runs out of memory takes only that process down. A
 * processor that dies fails what it was doing (the jobs retry) and is started again for the next task.
 */
export function createMediaProcessor(): MediaProcessor {
  let child: ChildProcess | null = null;
  let started: Promise<ChildProcess> | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  function failAll(error: Error) {
    for (const [id, task] of pending) {
      clearTimeout(task.timer);
      pending.delete(id);
      task.reject(error);
    }
  }

  /** Keeps this process alive only while tasks are pending, so an idle processor never holds it open. */
  function holdOpen(hold: boolean) {
    if (!child) return;
    if (hold) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  }

  function start(): Promise<ChildProcess> {
    started ??= new Promise<ChildProcess>((resolve, reject) => {
      const proc = fork(CHILD, [], {
        cwd: PACKAGE_DIR,
        execArgv: ['--import', 'tsx'],
        serialization: 'advanced',
        // A session of its own: the processor lowers its scheduling group without lowering ours.
        detached: true,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error('The media processor did not start'));
      }, START_TIMEOUT_MS);
      proc.on('message', (message: ProcessorAnswer | ProcessorReady) => {
        if ('ready' in message) {
          clearTimeout(timer);
          child = proc;
          holdOpen(pending.size > 0);
          resolve(proc);
          return;
        }
        const task = pending.get(message.id);
        if (!task) return;
        pending.delete(message.id);
        clearTimeout(task.timer);
        if (message.ok) task.resolve(message.result);
        else task.reject(toError(message.error));
        if (pending.size === 0) holdOpen(false);
      });
      proc.once('error', (error) => {
        clearTimeout(timer);
        // Not started (or no longer reachable): the next task tries afresh.
        if (child === proc) child = null;
        started = null;
        reject(error);
      });
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (child === proc) child = null;
        started = null;
        reject(new Error('The media processor did not start'));
        failAll(new Error(`The media processor stopped (${signal ?? `exit code ${code}`})`));
      });
    });
    return started;
  }

  async function run<T>(task: ProcessorTask, timeoutMs: number): Promise<T> {
    const proc = await start();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(
          new MediaProcessingError('TIMED_OUT', 'Processing took too long and was stopped', {
            details: `the media processor did not answer a ${task.op} task within ${timeoutMs} ms`,
          }),
        );
        // Whatever hangs there would hang the next task too: start afresh.
        proc.kill('SIGKILL');
      }, timeoutMs);
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      holdOpen(true);
      proc.send({ ...task, id });
    });
  }

  return {
    image: (input, options = {}) =>
      run<ImageVariantsResult>({ op: 'image', input, ...options }, IMAGE_TIMEOUT_MS).then((result) => ({
        ...result,
        variants: result.variants.map((variant) => ({ ...variant, data: asBuffer(variant.data) })),
      })),
    avatar: (input) =>
      run<AvatarVariants>({ op: 'avatar', input }, IMAGE_TIMEOUT_MS).then((result) => ({
        webp: asBuffer(result.webp),
        jpg: asBuffer(result.jpg),
      })),
    video: (input, output) =>
      run<VideoVariants>({ op: 'video', input, output }, VIDEO_TIMEOUT_MS).then((result) => ({
        ...result,
        poster: asBuffer(result.poster),
      })),
    get pid() {
      return child?.pid;
    },
    async stop() {
      const running = child ?? (started ? await started.catch(() => null) : null);
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      failAll(new Error('The media processor was stopped'));
      running.disconnect();
      const killer = setTimeout(() => running.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Bytes arrive as a Uint8Array view of what the processor sent. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function toError(failure: ProcessorFailure): Error {
  if (failure.code) {
    return new MediaProcessingError(failure.code, failure.message, { details: failure.details });
  }
  return new Error(failure.message);
}
