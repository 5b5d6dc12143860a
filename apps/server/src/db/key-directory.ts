/**
 * The keys of a list at every `step`-th place (the 1st row's, the (step + 1)-th's, ...) and its length:
 * read once in one pass over an index and kept, it turns a numbered page into a seek to the nearest
 * key and a skip of fewer than `step` rows, at any depth, instead of an OFFSET past every row before it.
 */
export interface KeyDirectory<K> {
  total: number;
  step: number;
  keys: K[];
}

/** Where the row at `offset` is: the key at or before it and how many rows to skip from there; null past the end. */
export function seek<K>(directory: KeyDirectory<K>, offset: number): { key: K; skip: number } | null {
  if (offset < 0 || offset >= directory.total) return null;
  const index = Math.floor(offset / directory.step);
  const key = directory.keys[index];
  return key === undefined ? null : { key, skip: offset - index * directory.step };
}
