import './app/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { keepBootSkeleton } from './app/boot-skeleton';
import { createAppRouter } from './app/router';
import { startBridge } from './lib/frame-bridge';
import { loadSettings } from './lib/settings';

/** Start-up: read the public settings, connect to the host page when framed, then render. */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing in index.html');
  keepBootSkeleton(root);
  const settings = await loadSettings(document, (input, init) => fetch(input, init));
  startBridge(window, root, settings.hostOrigin);
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start();
