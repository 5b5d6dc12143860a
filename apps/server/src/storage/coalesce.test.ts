import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { Coalesce } from './coalesce.ts';

/** The pieces as the next stream gets them, one 'data' event each. */
async function piecesOf(chunks: Buffer[], size: number) {
  const pieces: Buffer[] = [];
  const coalesce = Readable.from(chunks).pipe(new Coalesce(size));
  coalesce.on('data', (piece: Buffer) => pieces.push(piece));
  await finished(coalesce);
  return pieces;
}

describe('Coalesce', () => {
  it('joins small chunks into pieces of at least the size, the rest at the end, bytes unchanged', async () => {
    const chunks = Array.from({ length: 10 }, (_, index) => Buffer.alloc(300, index));
    const pieces = await piecesOf(chunks, 1000);
    expect(pieces.map((piece) => piece.length)).toEqual([1200, 1200, 600]);
    expect(Buffer.concat(pieces).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('passes a chunk larger than the size as it is, and an empty stream as nothing', async () => {
    const big = Buffer.alloc(5000, 7);
    const [piece] = await piecesOf([big], 1000);
    expect(piece).toBe(big);
    expect(await piecesOf([], 1000)).toEqual([]);
  });
});
