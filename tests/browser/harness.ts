/**
 * The browser suite's harness: Debian's Chromium driven by playwright-core, and the demo
 * served by Vite's programmatic server on a free loopback port.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { createServer, type Plugin } from 'vite';

/** Where `.ci/run` installs Chromium (`apt-get install -y chromium`). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Why the suite skips, or undefined when it runs. Outside CI a missing Chromium skips;
 * in CI it never does, so a missing Chromium fails the launch instead of passing silently.
 */
export function skipReason(): string | undefined {
  if (existsSync(CHROMIUM_PATH) || process.env.CI) return undefined;
  return `skipping the browser tests: Chromium is not installed at ${CHROMIUM_PATH}; install it with \`apt-get install -y chromium\` (.ci/run does)`;
}

/** Launches headless Chromium, with any extra flags; fails with the remedy when it is missing. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH} and CI is set, so the browser tests must run: install it with \`apt-get install -y chromium\` (as .ci/run does)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    timeout: 20_000,
  });
}

/** A running Vite server for the demo, with the `/v1` requests that reached it. */
export type DemoServer = { url: string; apiRequestsSeen: string[]; close(): Promise<void> };

// Records every /v1 request that gets past the page to Vite: in worker mode there must be none.
const recordApiRequests = (seen: string[]): Plugin => ({
  name: 'record-api-requests',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url?.startsWith('/v1')) seen.push(request.url);
      next();
    });
  },
});

/** Serves demo/ with its own vite.config.ts, on a random port of 127.0.0.1. */
export async function startDemoServer(): Promise<DemoServer> {
  const root = fileURLToPath(new URL('../../demo/', import.meta.url));
  const apiRequestsSeen: string[] = [];
  const server = await createServer({
    root,
    configFile: `${root}vite.config.ts`,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
    logLevel: 'silent',
    clearScreen: false,
    plugins: [recordApiRequests(apiRequestsSeen)],
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('Vite did not report its port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    apiRequestsSeen,
    close: () => server.close(),
  };
}
