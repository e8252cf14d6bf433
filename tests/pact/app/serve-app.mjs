// Serves the app on a port of its own, as a dev server would, with config.js naming the API
// of the mock on port `mock`: `node serve-app.mjs PORT MOCK_PORT`.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 5173);
const config = `export const api = 'http://127.0.0.1:${process.argv[3] ?? 4010}/v1';\n`;
const types = { '.html': 'text/html', '.js': 'text/javascript' };
createServer(async (request, response) => {
  const path = new URL(request.url, 'http://app').pathname;
  const file = path === '/' ? 'index.html' : path.slice(1);
  const type = types[file.slice(file.lastIndexOf('.'))];
  const body =
    file === 'config.js'
      ? config
      : type && (await readFile(new URL(file, import.meta.url)).catch(() => undefined));
  response.writeHead(body ? 200 : 404, { 'content-type': type ?? 'text/plain' });
  response.end(body ?? 'not found');
}).listen(port, '127.0.0.1');
