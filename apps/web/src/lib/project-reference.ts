/** A project's short reference for people, e.g. 'PRJ-1A2B3C4D': the first 8 hex digits of its id. */
export function projectReference(projectId: string): string {
  return `PRJ-${projectId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}
