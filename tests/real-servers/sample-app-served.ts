/**
 * The sample app (tests/package/sample-app) built once by Vite and served from memory to
 * Chromium, pointed at any mock: its base URL is baked in at build time, so the build holds a
 * placeholder that the server replaces with the mock's URL named in the page's path
 * (`/<mock port>/`). One build, one server, any number of mocks.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const APP = fileURLToPath(new URL('../package/sample-app/', import.meta.url));
// What VITE_PETSTORE_URL is at build time; never reached, always replaced.
const PLACEHOLDER = 'http://petstore-url.invalid/v1';

/** The built app served to the browser: the page of the mock on `mockPort`, and how to stop. */
export type ServedApp = { pageFor(mockPort: number): string; close(): Promise<void> };

type Output = { fileName: string; type: 'chunk' | 'asset'; code?: string; source?: unknown };

/** Builds the sample app with Vite into memory: each file by its path. */
async function buildApp(): Promise<Map<string, string>> {
  const result = await build({
    root: APP,
    configFile: false,
    logLevel: 'silent',
    // As shipped, whatever NODE_ENV the runner set (vitest's 'test' would build React's
    // development bundle, whose StrictMode sends each first list twice).
    mode: 'production',
    // Relative asset paths, so the app works under /<mock port>/.
    base: './',
    define: {
      'import.meta.env.VITE_PETSTORE_URL': JSON.stringify(PLACEHOLDER),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: { write: false, minify: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap(
    (each) => (each as { output: Output[] }).output,
  );
  const files = new Map<string, string>();
  for (const file of outputs) files.set(file.fileName, file.code ?? String(file.source));
  const withUrl = [...files.values()].filter((text) => text.includes(PLACEHOLDER));
  if (!files.has('index.html') || withUrl.length === 0)
    throw new Error(`the sample app's build has no index.html or no ${PLACEHOLDER}`);
  return files;
}

const TYPES: Record<string, string> = { html: 'text/html', js: 'text/javascript', css: 'text/css' };

/** Builds the sample app once and serves it on a free loopback port. */
export async function serveSampleApp(): Promise<ServedApp> {
  const files = await buildApp();
  const server = createServer((request, response) => {
    const [, port, path] = /^\/(\d+)\/([^?]*)/.exec(request.url ?? '') ?? [];
    const text = files.get(path || 'index.html');
    if (port === undefined || text === undefined) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[(path ?? '').split('.').pop() ?? ''] ?? TYPES.html;
    response.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
    response.end(text.replaceAll(PLACEHOLDER, `http://127.0.0.1:${port}/v1`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    pageFor: (mockPort) => `http://127.0.0.1:${port}/${mockPort}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
