import fs from 'node:fs';

/** Debian's Chromium, the whole browser: what the push specs need (a profile on disk, push, notices). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine without the
 * browser's own interface, which the other specs run in. Loading and driving the app costs it about two
 * fifths of the CPU the whole browser spends headless. Chromium itself where it is not installed.
 */
export const HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
  (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM);
