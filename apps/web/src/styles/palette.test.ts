import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast, parseOklch, type Oklch } from '../../build/oklch-contrast.ts';

const css = fs.readFileSync(path.join(import.meta.dirname, 'palette.css'), 'utf8');
const tailwind = fs.readFileSync(
  path.join(import.meta.dirname, '../../../../node_modules/tailwindcss/theme.css'),
  'utf8',
);

/** A colour as the appearance sets it: its own rule's value, else Tailwind's. */
function colour(name: string, appearance: 'light' | 'dark'): Oklch {
  if (name === 'white' && appearance === 'light') return parseOklch('oklch(100% 0 0)');
  const block =
    appearance === 'dark' ? css.slice(css.indexOf(':root.dark')) : css.slice(0, css.indexOf(':root.dark'));
  const value =
    new RegExp(`--color-${name}:\\s*([^;]+);`).exec(block)?.[1] ??
    new RegExp(`--color-${name}:\\s*([^;]+);`).exec(tailwind)?.[1];
  return parseOklch(value!);
}

/** The surfaces secondary text sits on: cards, the page, tinted rows, the unread notification. */
const SURFACES = ['white', 'slate-50', 'slate-100', 'blue-50', 'amber-50', 'green-50'];

describe('palette', () => {
  for (const appearance of ['light', 'dark'] as const) {
    it(`secondary text (slate-500) passes WCAG AA on every surface in the ${appearance} appearance`, () => {
      const text = colour('slate-500', appearance);
      for (const surface of SURFACES) {
        expect(contrast(text, colour(surface, appearance)), surface).toBeGreaterThanOrEqual(4.5);
      }
    });

    it(`body text (slate-600 to 900) passes on white in the ${appearance} appearance`, () => {
      for (const shade of ['600', '700', '800', '900']) {
        expect(
          contrast(colour(`slate-${shade}`, appearance), colour('white', appearance)),
        ).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
