import type { PDFDocument, PDFFont, RGB } from 'pdf-lib';

/** The standard PDF fonts write WinAnsi only: the naira sign is spelt NGN, other characters become '?'. */
export function printable(text: string): string {
  return text
    .replaceAll('₦', 'NGN ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/→/g, '->')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/gu, (char) => {
      // Ọ, ẹ, ṣ (Yoruba) lose their marks rather than the letter.
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      return /^[\x20-\x7e\xa0-\xff]*$/.test(bare) ? bare : '?';
    });
}

/** Splits text into lines no wider than `width` at `size` (long words are cut). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(' ')) {
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      if (line) lines.push(line);
      lines.push(rest.slice(0, cut));
      line = '';
      rest = rest.slice(cut);
    }
    const candidate = line ? `${line} ${rest}` : rest;
    if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Text cut to fit `width` at `size`, ending in "..." when it was cut. */
export function fitted(text: string, font: PDFFont, size: number, width: number): string {
  const shown = printable(text);
  if (font.widthOfTextAtSize(shown, size) <= width) return shown;
  let cut = shown.length;
  while (cut > 1 && font.widthOfTextAtSize(`${shown.slice(0, cut)}...`, size) > width) cut--;
  return `${shown.slice(0, cut)}...`;
}

/** Writes "`label` - page n of N" at the foot of every page, right-aligned at `margin`. */
export function numberPages(doc: PDFDocument, font: PDFFont, label: string, margin: number, color: RGB) {
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const footer = printable(`${label} - page ${index + 1} of ${pages.length}`);
    page.drawText(footer, {
      x: page.getWidth() - margin - font.widthOfTextAtSize(footer, 8),
      y: margin / 2,
      size: 8,
      font,
      color,
    });
  });
}
