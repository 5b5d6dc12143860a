import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prepareFirstScreen } from './app/app.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

// Not a top-level await: lazy chunks import from this one, which must finish evaluating first.
void prepareFirstScreen().then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
