/**
 * WCAG contrast of OKLCH colours (Tailwind's palette is written in them), for the dark palette's
 * generator: converts to linear sRGB (Björn Ottosson's matrices), which gives the relative luminance.
 */

export interface Oklch {
  l: number;
  c: number;
  h: number;
}

/** Parses `oklch(55.4% 0.046 257.417)` (hue `none` for greys). */
export function parseOklch(value: string): Oklch {
  const match = /^oklch\(\s*([\d.]+)%\s+([\d.]+)\s+([\d.]+|none)\s*\)$/.exec(value.trim());
  if (!match) throw new Error(`not an oklch() colour: ${value}`);
  return { l: Number(match[1]) / 100, c: Number(match[2]), h: match[3] === 'none' ? 0 : Number(match[3]) };
}

/** Writes a colour back as CSS, rounded as Tailwind writes its own. */
export function formatOklch({ l, c, h }: Oklch): string {
  return `oklch(${(l * 100).toFixed(1)}% ${c.toFixed(3)} ${h.toFixed(3)})`;
}

function linearSrgb({ l, c, h }: Oklch): [number, number, number] {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
}

/** Whether sRGB can show the colour as it is (no channel clipped). */
export function inSrgbGamut(colour: Oklch): boolean {
  return linearSrgb(colour).every((channel) => channel >= -1e-4 && channel <= 1 + 1e-4);
}

/** WCAG 2 relative luminance. */
export function luminance(colour: Oklch): number {
  const [r, g, b] = linearSrgb(colour).map((channel) => Math.min(1, Math.max(0, channel)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrast(first: Oklch, second: Oklch): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The colour of the same hue moved away from the background's lightness (lighter on a dark one, darker
 * on a light one; its chroma lowered as far as sRGB needs) until it reaches `ratio` against it.
 */
export function toContrast(colour: Oklch, background: Oklch, ratio: number): Oklch {
  const step = background.l < colour.l ? 0.001 : -0.001;
  let candidate = colour;
  for (let l = colour.l; l >= 0 && l <= 1; l += step) {
    let c = colour.c;
    while (c > 0 && !inSrgbGamut({ l, c, h: colour.h })) c -= 0.001;
    candidate = { l, c: Math.max(0, c), h: colour.h };
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return candidate;
}
