/**
 * Hostile servers, one trait each, in front of the project's mock (a conforming server): each
 * base URL `ORIGIN/<trait>/v1` answers as the mock does, except where its trait breaks the
 * answer. One Node process serves every trait, over HTTP, and over HTTPS with a self-signed
 * certificate for `tls`. tests/hostile/*.test.ts run the real commands against them;
 * bench/hostile-memory.ts measures what they cost.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';

/** The traits, each the path segment before `/v1`. */
export const TRAITS = [
  'gzip-bomb',
  'br-bomb',
  'deflate-bomb',
  'endless-list',
  'ignores-limit',
  'deep-json',
  'big-header',
  'endless-header',
  'drip',
  'nul-body',
  'length-over',
  'length-under',
  'gigabyte-length',
  'redirect',
  'unsolicited',
] as const;
export type Trait = (typeof TRAITS)[number];

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

const isList = (method: string, path: string) => method === 'GET' && /^\/v1\/pets(\?|$)/.test(path);
const animal = (id: number) =>
  `{"id":${id},"name":"hostile-${id}","categoryId":1,"status":"available"}`;

/** A compressed `[` and `bytes` spaces: a small body that inflates past any bound. */
function bomb(coding: 'gzip' | 'br' | 'deflate', bytes: number): Buffer {
  const plain = Buffer.alloc(bytes, 0x20);
  plain[0] = 0x5b;
  if (coding === 'gzip') return gzipSync(plain, { level: 1 });
  if (coding === 'deflate') return deflateSync(plain, { level: 1 });
  return brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
}

/** Writes `next()` chunks to `res` until it returns undefined or the client goes away. */
function stream(res: http.ServerResponse, next: () => string | Buffer | undefined) {
  const pump = () => {
    for (let chunk = next(); chunk !== undefined; chunk = next())
      if (!res.write(chunk)) return void res.once('drain', pump);
    res.end();
  };
  res.on('close', () => {
    next = () => undefined;
  });
  pump();
}

/** Writes `bytes` to a raw socket a byte a second, until the socket closes. */
function drip(socket: Socket, bytes: Buffer) {
  let at = 0;
  const timer = setInterval(() => {
    if (at >= bytes.length || socket.destroyed) return clearInterval(timer);
    socket.write(bytes.subarray(at, ++at));
  }, 1_000);
  socket.on('close', () => clearInterval(timer));
}

const rawAnswer = ({ status, headers, body }: Answer) =>
  Buffer.concat([
    Buffer.from(
      `HTTP/1.1 ${status} X\r\n${Object.entries(headers)
        .filter(([h]) => !/^(content-length|transfer-encoding|connection)$/.test(h))
        .map(([h, v]) => `${h}: ${v}\r\n`)
        .join('')}content-length: ${body.length}\r\n\r\n`,
    ),
    body,
  ]);

/** Answers one request as `trait` breaks the mock's answer to it. */
function hostile(
  trait: Trait,
  req: { method: string; path: string; socket: Socket },
  res: http.ServerResponse,
  answer: Answer,
  bombs: Map<string, Buffer>,
) {
  const { method, path } = req;
  const plain = () => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };
  const coding = /^(gzip|br|deflate)-bomb$/.exec(trait)?.[1] as
    | 'gzip'
    | 'br'
    | 'deflate'
    | undefined;
  if (coding && isList(method, path) && answer.status === 200) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
    return res.end(bombs.get(coding));
  }
  if (
    (trait === 'endless-list' || trait === 'ignores-limit') &&
    isList(method, path) &&
    answer.status === 200
  ) {
    let id = 1_000_000;
    const last = 1_600_000;
    const length = 2 + (last - id) * animal(id).length + (last - id - 1);
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(trait === 'ignores-limit' ? { 'content-length': String(length) } : {}),
    });
    const endless = trait === 'endless-list';
    return stream(res, () => {
      if (id === 1_000_000) return `[${animal(id++)}`;
      if (!endless && id >= last) return id++ === last ? ']' : undefined;
      return Array.from({ length: 100 }, () =>
        endless || id < last ? `,${animal(id++)}` : '',
      ).join('');
    });
  }
  if (trait === 'deep-json' && method === 'POST' && answer.status === 201) {
    res.writeHead(201, { 'content-type': 'application/json' });
    return res.end(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
  }
  if (trait === 'big-header') {
    res.writeHead(answer.status, { ...answer.headers, 'x-padding': 'a'.repeat(200 * 1024) });
    return res.end(answer.body);
  }
  if (trait === 'endless-header') {
    req.socket.write('HTTP/1.1 200 OK\r\n');
    let n = 0;
    const timer = setInterval(() => {
      if (req.socket.destroyed || n > 100_000) return clearInterval(timer);
      req.socket.write(`x-more-${n++}: ${'b'.repeat(1000)}\r\n`);
    }, 1);
    return;
  }
  if (trait === 'drip') return drip(req.socket, rawAnswer(answer));
  if (trait === 'nul-body' && isList(method, path)) {
    res.writeHead(200, { 'content-type': 'application/json' });
    const nuls = Buffer.alloc(64 * 1024);
    return stream(res, () => nuls);
  }
  if ((trait === 'length-over' || trait === 'length-under') && isList(method, path)) {
    const over = trait === 'length-over';
    const raw = rawAnswer(answer).toString('latin1');
    const said = answer.body.length + (over ? 100 : -5);
    req.socket.write(raw.replace(/content-length: \d+/, `content-length: ${said}`), 'latin1');
    if (over) req.socket.end();
    return;
  }
  if (trait === 'gigabyte-length' && isList(method, path)) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1e9) });
    return res.write('[{"id":1, ');
  }
  if (trait === 'redirect') {
    res.writeHead(302, { location: `http://elsewhere.invalid${path}` });
    return res.end();
  }
  if (trait === 'unsolicited' && isList(method, path)) {
    // The answer, then a second one no request asked for, on the same kept-alive connection.
    req.socket.write(
      Buffer.concat([
        rawAnswer(answer),
        rawAnswer({
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from('[{"id":"not asked for"}]'),
        }),
      ]),
    );
    return;
  }
  plain();
}

/** Running hostile servers: `baseUrl(trait)` over HTTP, `tlsBaseUrl` (self-signed) over HTTPS. */
export type Hostile = { baseUrl(trait: Trait): string; tlsBaseUrl: string; close(): Promise<void> };

/**
 * Starts the hostile servers in front of the server at `targetOrigin`; bombs inflate to
 * `bombBytes`; `tls` is the certificate and key the HTTPS server presents (no trait there).
 */
export async function startHostile(
  targetOrigin: string,
  {
    bombBytes = 64 * 1024 * 1024,
    tls,
  }: { bombBytes?: number; tls?: { cert: string; key: string } } = {},
): Promise<Hostile> {
  const bombs = new Map(
    (['gzip', 'br', 'deflate'] as const).map((c) => [c, bomb(c, bombBytes)] as [string, Buffer]),
  );
  const agent = new http.Agent({ keepAlive: true });
  const target = new URL(targetOrigin);
  const sockets = new Set<Socket>();
  const handle = (req: http.IncomingMessage, res: http.ServerResponse, trait: Trait) => {
    const path = (req.url ?? '/').slice(trait.length + 1);
    const { host: _, ...headers } = req.headers;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path, headers, agent },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const got = {
            status: answer.statusCode ?? 502,
            headers: answer.headers,
            body: Buffer.concat(chunks),
          };
          hostile(
            trait,
            { method: req.method ?? 'GET', path, socket: req.socket },
            res,
            got,
            bombs,
          );
        });
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  };
  const server = http.createServer((req, res) => {
    const trait = TRAITS.find((t) => (req.url ?? '').startsWith(`/${t}/`));
    if (trait) handle(req, res, trait);
    else res.writeHead(404).end();
  });
  const secure = https.createServer({ ...tls }, (req, res) => {
    const path = req.url ?? '/';
    const { host: _, ...headers } = req.headers;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  for (const s of [server, secure])
    s.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  if (tls) await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const tlsPort = tls ? (secure.address() as AddressInfo).port : 0;
  return {
    baseUrl: (trait) => `http://127.0.0.1:${port}/${trait}/v1`,
    tlsBaseUrl: `https://127.0.0.1:${tlsPort}/v1`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      if (tls) secure.close();
      agent.destroy();
    },
  };
}
