import { vi } from 'vitest';

/**
 * Catches what `saveBlob` hands the browser: the names of the files saved, in order. Undo with
 * `vi.restoreAllMocks()` (and the URL functions are stubs for the test's life).
 */
export function captureSavedFiles(): string[] {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:saved');
  URL.revokeObjectURL = vi.fn();
  return saved;
}
