// npm start: builds the web app when its sources changed, then runs the server (migrate, seed, serve).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const index = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function webIsStale() {
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  const sources = [
    path.join(root, 'apps/web/src'),
    path.join(root, 'packages/shared/src'),
    path.join(root, 'apps/web/index.html'),
  ];
  return sources.some(
    (source) =>
      fs.existsSync(source) &&
      (fs.statSync(source).isDirectory() ? newestMtime(source) : fs.statSync(source).mtimeMs) > built,
  );
}

if (process.env.SKIP_WEB_BUILD !== 'true' && webIsStale()) {
  console.log('Building the web app...');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
}

register();
await import('../apps/server/src/main.ts');
