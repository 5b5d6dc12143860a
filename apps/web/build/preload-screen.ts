import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Lists in index.html, as low-priority module preloads, the chunks of a screen that the app imports
 * before its first render (the sign-in screen, apps/web/src/app/app.tsx): the browser fetches them with
 * the entry's own chunks instead of discovering them only once the entry has run, a round trip later
 * on a phone. Chunks the page lists already are left as they are.
 */
export function preloadScreen(modulePath: string): Plugin {
  let base = '/';
  return {
    name: 'trowel:preload-screen',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const screen = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' && output.isDynamicEntry && output.facadeModuleId?.endsWith(modulePath),
        );
        if (!screen || screen.type !== 'chunk') throw new Error(`No chunk of its own for ${modulePath}`);
        const tags: HtmlTagDescriptor[] = [screen.fileName, ...screen.imports]
          .filter((file) => !html.includes(`${base}${file}`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `${base}${file}` },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
}
