// Makes sure Debian's Chromium is there for the browser tests: installs it when possible, else says how.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    if (fs.existsSync(CHROMIUM)) return;
  }
  console.error(
    `Chromium not found at ${CHROMIUM}: run "sudo apt-get install chromium" (or set CHROMIUM_PATH), then npm test again.`,
  );
  process.exit(1);
}
