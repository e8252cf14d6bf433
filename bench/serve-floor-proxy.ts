/**
 * The least a Node proxy can do, as the proxy figures' yardstick (bench/proxy.ts): each request
 * goes to the backend on a kept-alive connection with its headers as they came (less `host` and
 * `connection`), and the answer comes back as it is, piped. No check, no journal, no judge, no
 * bound: what any proxy written on node:http pays for the second hop alone.
 * `tsx bench/serve-floor-proxy.ts --port 4013 --backend http://127.0.0.1:4011`
 */
import { Agent, createServer, request } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4013' },
    backend: { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || values.backend === undefined) {
  console.error('usage: tsx bench/serve-floor-proxy.ts --port P --backend http://HOST:PORT');
  process.exit(2);
}
const backend = new URL(values.backend);
const agent = new Agent({ keepAlive: true });

const server = createServer((req, res) => {
  const { host: _host, connection: _connection, ...headers } = req.headers;
  const out = request(
    {
      agent,
      hostname: backend.hostname,
      port: backend.port,
      method: req.method,
      path: req.url,
      headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(out);
});
server.listen(port, values.host, () => {
  console.log(
    `floor proxy listening on http://${values.host}:${port} in front of ${backend.origin}`,
  );
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
