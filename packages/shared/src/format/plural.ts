/** A count with its noun, singular for one: '1 file', '2 files', '1 staff member'. */
export function countOf(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
