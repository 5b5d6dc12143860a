// The built web app and API as `npm start` serves them, with the demo company, for browser
// measurements (Lighthouse): a process of its own on a throwaway data directory.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanups } from './cleanup.ts';
import { freePortFrom } from './ports.ts';
import { relayOutput, serverEnvironment, stopProcess, waitUntilHealthy } from './trowel.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = path.join(ROOT, 'apps/web');

export interface ServedWeb {
  origin: string;
  stop(): Promise<void>;
}

/** Builds the web app as `npm run build` does (production mode), into `outDir` if given, unless `skip`. */
export function buildWeb(skip: boolean, outDir?: string) {
  if (skip && fs.existsSync(path.join(outDir ?? path.join(WEB, 'dist'), 'index.html'))) return;
  const target = outDir ? ['--outDir', outDir, '--emptyOutDir'] : [];
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...target],
    {
      cwd: WEB,
      stdio: 'inherit',
    },
  );
}

/**
 * Starts scripts/start.mjs with demo data on the first free port from `firstPort`, serving the build in
 * `webDist` (apps/web/dist by default); `stop()` removes its data.
 */
export async function startServedWeb(firstPort: number, webDist?: string): Promise<ServedWeb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-bench-web-'));
  const port = await freePortFrom(firstPort);
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: serverEnvironment({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'true',
      SKIP_WEB_BUILD: 'true',
      ...(webDist ? { WEB_DIST: webDist } : {}),
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await stopProcess(child);
      process.off('exit', killOnExit);
      fs.rmSync(dataDir, { recursive: true, force: true });
      cleanups.delete(stop);
    })();
    return stopping;
  };
  cleanups.add(stop);
  try {
    await waitUntilHealthy(child, origin, relayOutput(child, 'server'));
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}
