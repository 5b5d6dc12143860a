/**
 * The in-app path to go to after signing in: only same-origin paths (starting with '/', not '//'),
 * never the sign-in page itself; anything else is '/'.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) return '/';
  return target;
}
