/**
 * The msw floor, for `npm run bench -- --servers mock,msw-floor`: the standalone mock's
 * node:http adapter (mocks/node-io.ts, bodies beside) and msw's getResponse over one handler
 * that matches without cookies and answers a fixed page of 20 pets to every request. What an
 * msw-based server costs before any routing, authentication, store or JSON work of its own.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { getResponse, HttpHandler } from 'msw';
import { besideTransport, carryBodiesBeside } from '../mocks/node/bodies-beside.ts';
import { toHeaders, write } from '../mocks/node/io.ts';

const HELP = `Usage: tsx bench/serve-msw-floor.ts [--port P]

The benchmark's msw floor on 127.0.0.1 (npm run bench -- --servers mock,msw-floor): the
mock's node:http adapter and msw's getResponse over a handler that does nothing.
  --port        port to bind, 0 for a random one (default 0)
  --seed-count  accepted and ignored: the floor keeps no store
  --help        show this text`;

let values: { port: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'seed-count': { type: 'string' },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}; see --help`);
  process.exit(2);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0) {
  console.error(`--port must be a non-negative integer, got "${values.port}"; see --help`);
  process.exit(2);
}

const page = JSON.stringify(
  Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    name: `Pet ${i + 1}`,
    categoryId: 1,
    status: 'sold',
  })),
);
const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };

class EveryRequest extends HttpHandler {
  override async parse() {
    return { match: { matches: true, params: {} }, cookies: {} };
  }
}
const handlers = [
  new EveryRequest(
    /.+/,
    () => true,
    ({ request }) => besideTransport.respond(request, page, { status: 200, headers }),
  ),
];

const server = createServer(async (req, res) => {
  const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
    method: req.method,
    headers: toHeaders(req.rawHeaders),
  });
  req.resume();
  carryBodiesBeside(request);
  await write(res, (await getResponse(handlers, request)) as Response, false);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`msw floor listening on port ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
