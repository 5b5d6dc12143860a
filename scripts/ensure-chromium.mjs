// Makes sure what the browser tests run on is there: Debian's Chromium headless shell (most specs), its
// whole Chromium (the push specs), and dbus-daemon (the push test gives Chromium a desktop session bus of
// its own to show and tap notices). Installs them when possible, else says how.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

const onPath = (command) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, command)));

/** The Debian packages missing, with what tells they are there. */
function missingPackages() {
  return [
    fs.existsSync(CHROMIUM) ? null : 'chromium',
    fs.existsSync(HEADLESS_SHELL) ? null : 'chromium-headless-shell',
    onPath('dbus-daemon') ? null : 'dbus-daemon',
  ].filter((name) => name !== null);
}

export function ensureChromium() {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log(`Missing for the browser tests: installing Debian's ${missing.join(' and ')}...`);
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
      {
        stdio: 'inherit',
      },
    );
    if (missingPackages().length === 0) return;
  }
  console.error(
    `Missing for the browser tests: ${missing.join(', ')}. Run "sudo apt-get install ${missing.join(' ')}" ` +
      '(or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH), then npm test again.',
  );
  process.exit(1);
}
