import { rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MediaProcessingError } from './errors.ts';
import { describeRun, runTool } from './run-tool.ts';
import { findVideoTools } from './video-tools.ts';

export interface VideoInfo {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  /** Display dimensions: a phone's rotation flag is applied, as players and ffmpeg apply it. */
  width: number;
  height: number;
}

export interface CompressedVideo {
  width: number;
  height: number;
  /** Bytes. */
  size: number;
}

export interface VideoToolOptions {
  /** Overrides the timeout derived from the video's duration. */
  timeoutMs?: number;
}

/**
 * Input guards on every ffmpeg/ffprobe run: local files only, and only the demuxers of camera and phone
 * videos (MP4/MOV/3GP, Matroska/WebM, AVI, MPEG-TS). This refuses playlists (HLS), concat scripts and
 * image sequences, through which a crafted "video" could make ffmpeg read other files or the network.
 */
const INPUT_GUARDS = ['-protocol_whitelist', 'file', '-format_whitelist', 'mov,matroska,avi,mpegts'];
/** Per ffmpeg run, so a compression leaves the API's cores (the machines have two) mostly free. */
const THREADS = '2';
const MAX_SHORT_SIDE = 720;
const POSTER_LONGEST_SIDE = 1280;

/** Timeouts grow with the video: veryfast 720p runs near or above real time even on 4K phone input. */
const PROBE_TIMEOUT_MS = 30_000;
const posterTimeout = (duration: number) => 30_000 + duration * 100;
const compressTimeout = (duration: number) => 60_000 + duration * 5_000;

/** Reads a video's duration and display size; refuses files that are not a video. */
export async function probeVideo(inputPath: string, options: VideoToolOptions = {}): Promise<VideoInfo> {
  await stat(inputPath); // a missing file is a storage fault, not a bad upload: let it throw as such
  const { ffprobe } = await findVideoTools();
  const args = ['-v', 'error', ...INPUT_GUARDS, '-print_format', 'json', '-show_format', '-show_streams'];
  const run = await runTool(ffprobe.path, [...args, resolve(inputPath)], {
    timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS,
  });
  if (run.exitCode !== 0) throw notAVideo(describeRun(ffprobe.path, run));

  let probe: FfprobeOutput;
  try {
    probe = JSON.parse(run.stdout.toString('utf8')) as FfprobeOutput;
  } catch (error) {
    throw notAVideo(`ffprobe printed no JSON: ${String(error)}`);
  }
  // A cover picture in an audio file shows up as a video stream; it is not a video.
  const video = probe.streams?.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video?.width || !video.height) throw notAVideo(`no video stream in ${probe.format?.format_name}`);

  const duration = Number(probe.format?.duration ?? video.duration);
  const turned = Math.abs(rotationOf(video)) % 180 === 90;
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
  };
}

/**
 * A JPEG poster: the frame at 1 s (or mid-way through shorter videos), longest side at most 1280 px,
 * never enlarged, without metadata.
 */
export async function makePoster(
  inputPath: string,
  duration: number,
  options: VideoToolOptions = {},
): Promise<Buffer> {
  const at = Number.isFinite(duration) && duration > 0 ? Math.min(1, duration / 2) : 0;
  const poster = await grabFrame(inputPath, at, options.timeoutMs ?? posterTimeout(duration));
  // A container's duration can overstate its frames; the first frame always exists.
  return poster.length > 0 || at === 0
    ? poster
    : grabFrame(inputPath, 0, options.timeoutMs ?? posterTimeout(duration));
}

async function grabFrame(inputPath: string, at: number, timeoutMs: number): Promise<Buffer> {
  const { ffmpeg } = await findVideoTools();
  const fit = POSTER_LONGEST_SIDE;
  const args = [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-threads', THREADS, ...INPUT_GUARDS],
    ...['-ss', at.toFixed(3), '-i', resolve(inputPath)],
    ...['-map', '0:v:0', '-frames:v', '1', '-an', '-sn', '-dn', '-map_metadata', '-1'],
    ...['-vf', `scale='min(${fit},iw)':'min(${fit},ih)':force_original_aspect_ratio=decrease`],
    ...['-c:v', 'mjpeg', '-q:v', '3', '-pix_fmt', 'yuvj420p', '-f', 'image2pipe', 'pipe:1'],
  ];
  const run = await runTool(ffmpeg.path, args, { timeoutMs, maxStdoutBytes: 16 * 1024 * 1024 });
  if (run.exitCode !== 0) throw processingFailed(describeRun(ffmpeg.path, run));
  return run.stdout;
}

/**
 * Re-encodes a video for phones on slow networks: H.264 + AAC in MP4 (moov first, so it plays while it
 * downloads), at most 720 px on the short side, never enlarged, metadata (location included) dropped.
 * Writes `outputPath`; on failure nothing is left there.
 */
export async function compressVideo(
  inputPath: string,
  outputPath: string,
  options: VideoToolOptions = {},
): Promise<CompressedVideo> {
  const { duration } = await probeVideo(inputPath);
  const { ffmpeg } = await findVideoTools();
  const output = resolve(outputPath);
  // Landscape (and square): height ≤ 720; portrait: width ≤ 720. -2 keeps the aspect with an even size.
  const short = (side: string) => `min(${MAX_SHORT_SIDE},trunc(${side}/2)*2)`;
  const scale = `scale='if(gte(iw,ih),-2,${short('iw')})':'if(gte(iw,ih),${short('ih')},-2)'`;
  const args = [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-y', '-threads', THREADS, ...INPUT_GUARDS],
    ...['-i', resolve(inputPath)],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'],
    ...['-vf', scale, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-threads', THREADS, '-max_muxing_queue_size', '1024'],
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
  try {
    const run = await runTool(ffmpeg.path, args, {
      timeoutMs: options.timeoutMs ?? compressTimeout(duration),
    });
    if (run.exitCode !== 0) throw processingFailed(describeRun(ffmpeg.path, run));
    const { width, height } = await probeVideo(output).catch((error: unknown) => {
      const why = error instanceof MediaProcessingError ? error.details : String(error);
      throw processingFailed(`the output does not probe: ${why}`);
    });
    return { width, height, size: (await stat(output)).size };
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
}

interface FfprobeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

/** Degrees a player turns the picture: newer ffprobe reports a display matrix, older a `rotate` tag. */
function rotationOf(stream: FfprobeStream): number {
  const fromMatrix = stream.side_data_list?.find((side) => typeof side.rotation === 'number')?.rotation;
  return fromMatrix ?? Number(stream.tags?.rotate ?? 0);
}

function notAVideo(details: string) {
  return new MediaProcessingError('INVALID_VIDEO', 'The file is not a valid video', { details });
}

function processingFailed(details: string) {
  return new MediaProcessingError('PROCESSING_FAILED', 'The video could not be processed', { details });
}
