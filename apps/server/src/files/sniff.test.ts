import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff.ts';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], brand, 'mp41');

describe('sniffFileType', () => {
  it.each([
    ['photo.jpg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg', 'image'],
    ['IMG_0001.HEIC', ftyp('heic'), 'image/heic', 'image'],
    ['still.avif', ftyp('avif'), 'image/avif', 'image'],
    ['clip.mp4', ftyp('isom'), 'video/mp4', 'video'],
    ['clip.mov', ftyp('qt  '), 'video/quicktime', 'video'],
    ['report.pdf', bytes('%PDF-1.7\n'), 'application/pdf', 'document'],
    ['notes.txt', bytes('Level 2 blockwork\n'), 'text/plain', 'document'],
    ['page.html', bytes('<html></html>'), 'text/plain', 'document'],
  ])('reads %s from its content', (name, head, mime, kind) => {
    expect(sniffFileType(head, name)).toEqual({ mime, kind });
  });

  it('judges by content, not by name', () => {
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe0]), 'notes.txt')).toEqual({
      mime: 'image/jpeg',
      kind: 'image',
    });
  });

  it('refuses documents named as photos or videos, and unknown binaries', () => {
    expect(sniffFileType(bytes('just some text'), 'site.jpg')).toBeNull();
    expect(sniffFileType(bytes('%PDF-1.7\n'), 'clip.MP4')).toBeNull();
    expect(sniffFileType(bytes([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'setup.bin')).toBeNull();
  });
});
