/**
 * The console page's scripts and stylesheet, served as they are from assets/ at
 * `/console/NAME` (ES modules: no build step; the page's CSP allows only the mock's own
 * scripts). Only the names listed here are served.
 */
import { fileURLToPath } from 'node:url';

/** The URL prefix of the console's assets. */
export const CONSOLE_ASSET_PREFIX = '/console/';

const MODULES = [
  'console.js',
  'api.js',
  'dom.js',
  'words.js',
  'curl.js',
  'live.js',
  'lines.js',
  'exchange.js',
  'faults.js',
  'sessions.js',
  'data.js',
  'departures.js',
];

/** Each asset's path under the prefix, with its Content-Type and the file behind it. */
export const CONSOLE_ASSETS: Record<string, { type: string; file: () => string }> =
  Object.fromEntries(
    [...MODULES, 'console.css'].map((name) => [
      `${CONSOLE_ASSET_PREFIX}${name}`,
      {
        type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
        // Beside this module in the checkout; bundles keep that layout (build/module-urls.js).
        file: () => fileURLToPath(new URL(`./assets/${name}`, import.meta.url)),
      },
    ]),
  );
