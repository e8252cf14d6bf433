import { runContract } from '../../contract-tests/run/run.ts';
import { createFastifyApp } from './fastify-app.ts';

const apiKey = 'test-key';
const app = createFastifyApp({ apiKey });

/** Fastify's inject() as a fetch function: a Request in, a Response out, no socket. */
async function fetchByInject(request: Request): Promise<Response> {
  const reply = await app.inject({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body: Buffer.from(await request.arrayBuffer()),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers))
    for (const each of [value ?? []].flat()) headers.append(name, String(each));
  const body = reply.rawPayload.length > 0 ? new Uint8Array(reply.rawPayload) : null; // a 204 has none
  return new Response(body, { status: reply.statusCode, headers });
}

/** The contract suite against the Fastify app: each request is one call of inject(). */
export const checkFastifyApp = () => runContract({ fetch: fetchByInject, apiKey });
