import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prepareFirstScreen } from './app/app.tsx';
import { startAppearance } from './lib/appearance.ts';
import { registerServiceWorkerAfterLoad } from './lib/offline/register-service-worker.ts';
import './index.css';

// Dark mode, density, theme colour and language are on the root element before anything renders.
startAppearance();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

// Not a top-level await: lazy chunks import from this one, which must finish evaluating first. The
// first render is a transition so React renders it in slices, leaving the phone's main thread free
// to answer a tap between them, rather than in one long task.
void prepareFirstScreen().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);

// The installed app's service worker: after load, so the first visit is no heavier for it.
registerServiceWorkerAfterLoad();
