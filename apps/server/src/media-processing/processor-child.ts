// The media processor: a process of its own, below everything else on the machine, that makes image and
// video variants for the jobs of its parent. Started by processor.ts; ends when its parent goes.
import { lowerThisProcess } from '../lib/background-priority.ts';
import { makeAvatarVariants } from './avatar-variants.ts';
import { MediaProcessingError } from './errors.ts';
import { makeImageVariants } from './image-variants.ts';
import type {
  ProcessorAnswer,
  ProcessorFailure,
  ProcessorReady,
  ProcessorRequest,
  ProcessorTask,
} from './processor-protocol.ts';
import { stopRunningTools } from './run-tool.ts';
import { compressVideo, makePoster, probeVideo } from './video-variants.ts';

async function perform(task: ProcessorTask): Promise<unknown> {
  switch (task.op) {
    case 'image':
      return makeImageVariants(task.input, { maxInputPixels: task.maxInputPixels });
    case 'avatar':
      return makeAvatarVariants(task.input);
    case 'video': {
      const { duration } = await probeVideo(task.input);
      const poster = await makePoster(task.input, duration);
      await compressVideo(task.input, task.output);
      return { duration, poster };
    }
  }
}

function failure(error: unknown): ProcessorFailure {
  if (error instanceof MediaProcessingError)
    return { message: error.message, code: error.code, details: error.details };
  return { message: error instanceof Error ? error.message : String(error) };
}

function send(message: ProcessorAnswer | ProcessorReady) {
  process.send?.(message);
}

const lowered = lowerThisProcess();
process.on('message', (request: ProcessorRequest) => {
  perform(request).then(
    (result) => send({ id: request.id, ok: true, result }),
    (error: unknown) => send({ id: request.id, ok: false, error: failure(error) }),
  );
});
// The parent went away (it exited, or closed the channel to stop this process): so does its work.
process.on('disconnect', () => {
  stopRunningTools();
  process.exit(0);
});
send({ ready: true, ...lowered });
