/**
 * Registers the service worker (/sw.js, built by vite-plugin-pwa) once the page has loaded, so its
 * download and the precaching it starts never compete with the first screen's own requests.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // A browser that refuses (private mode, plain http on another host) keeps working online.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
