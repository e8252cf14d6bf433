/**
 * The demo's entry point: picks the backend from the query string, starts msw's service
 * worker when the page runs in worker mode, then wires the panels.
 */
import type { ApiClient } from './api.ts';
import { readConfig } from './config.ts';
import { wirePanels } from './panels.ts';
import { byId, renderFailure } from './view.ts';

async function start(): Promise<void> {
  const config = readConfig(new URL(window.location.href));
  const badge = byId('mode');
  if (config.mode === 'worker') {
    // The start-up snippet of the README (from this checkout's source instead of the package):
    // only this mode loads msw into the page.
    const { startWorker } = await import('../mocks/browser/index.ts');
    // ?keep=localStorage keeps the created animals across reloads (startWorker's keepData).
    const keep = new URL(window.location.href).searchParams.get('keep');
    await startWorker({
      origin: window.location.origin,
      // ?verbose shows what a developer's console shows: msw's line and the mock's note.
      quiet: !new URL(window.location.href).searchParams.has('verbose'),
      keepData: keep === 'localStorage' || keep === 'sessionStorage' ? keep : undefined,
    });
  }
  badge.textContent = config.mode === 'worker' ? 'service worker (msw)' : 'standalone mock';
  badge.className = `badge ${config.mode}`;
  byId('base-url').textContent = config.baseUrl;
  const keyInput = byId<HTMLInputElement>('api-key');
  const client: ApiClient = { baseUrl: config.baseUrl, key: () => keyInput.value };
  await wirePanels(client);
  document.body.dataset.ready = config.mode;
}

start().catch((error: unknown) => {
  const badge = byId('mode');
  badge.textContent = 'failed to start';
  renderFailure(byId('list-result'), error);
  byId('list-result').hidden = false;
  document.body.dataset.ready = 'failed';
});
