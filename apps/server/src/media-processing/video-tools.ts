import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { MediaProcessingError } from './errors.ts';

type ToolName = 'ffmpeg' | 'ffprobe';

export interface VideoTool {
  path: string;
  /** 'system' when found on PATH, 'npm' when it is the binary shipped by @ffmpeg-installer / @ffprobe-installer. */
  source: 'system' | 'npm';
}

export interface VideoTools {
  ffmpeg: VideoTool;
  ffprobe: VideoTool;
}

let located: Promise<VideoTools> | undefined;

/**
 * Finds ffmpeg and ffprobe: each is the system's when on PATH (distributions patch and update theirs),
 * else the static build shipped in node_modules. Looked up once per process; a failure is retried.
 */
export function findVideoTools(): Promise<VideoTools> {
  located ??= Promise.all([findTool('ffmpeg'), findTool('ffprobe')])
    .then(([ffmpeg, ffprobe]) => ({ ffmpeg, ffprobe }))
    .catch((error: unknown) => {
      located = undefined;
      throw error;
    });
  return located;
}

async function findTool(name: ToolName): Promise<VideoTool> {
  const onPath = await findOnPath(name);
  if (onPath) return { path: onPath, source: 'system' };
  return { path: await findInNodeModules(name), source: 'npm' };
}

async function findOnPath(name: ToolName): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

async function findInNodeModules(name: ToolName): Promise<string> {
  let path: string;
  try {
    // Imported lazily: these packages throw at load time on platforms they have no binary for.
    path =
      name === 'ffmpeg'
        ? (await import('@ffmpeg-installer/ffmpeg')).default.path
        : (await import('@ffprobe-installer/ffprobe')).default.path;
  } catch (error) {
    throw unavailable(`${name} is not on PATH and its npm package has no binary here: ${String(error)}`);
  }
  // The packages mark their binary executable in an install script, which npm may have skipped.
  if (!(await isExecutableFile(path))) {
    throw unavailable(`${path} is not executable: run chmod +x on it, or install ${name} on the system`);
  }
  return path;
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function unavailable(details: string) {
  return new MediaProcessingError('TOOL_UNAVAILABLE', 'Video processing is not available on this server', {
    details,
  });
}
