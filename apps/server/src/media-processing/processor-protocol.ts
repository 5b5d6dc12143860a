// Messages between the API (or worker) process and its media processor process.
import type { MediaProcessingErrorCode } from './errors.ts';

export type ProcessorTask =
  | { op: 'image'; input: string; maxInputPixels?: number }
  | { op: 'avatar'; input: string }
  | { op: 'video'; input: string; output: string };

export type ProcessorRequest = ProcessorTask & { id: number };

/** A failure as it crosses the process boundary; MediaProcessingErrors keep their code and details. */
export interface ProcessorFailure {
  message: string;
  code?: MediaProcessingErrorCode;
  details?: string;
}

export type ProcessorAnswer =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ProcessorFailure };

/** Sent once when the processor is ready for work. */
export interface ProcessorReady {
  ready: true;
  threads: number;
  autogroup: boolean;
}
