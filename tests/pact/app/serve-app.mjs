// Serves the app's two files on a port of its own, as a dev server would.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 5173);
const types = { '.html': 'text/html', '.js': 'text/javascript' };
createServer(async (request, response) => {
  const path = new URL(request.url, 'http://app').pathname;
  const file = path === '/' ? 'index.html' : path.slice(1);
  const type = types[file.slice(file.lastIndexOf('.'))];
  const body = type && (await readFile(new URL(file, import.meta.url)).catch(() => undefined));
  response.writeHead(body ? 200 : 404, { 'content-type': type ?? 'text/plain' });
  response.end(body ?? 'not found');
}).listen(port, '127.0.0.1');
