/**
 * A server under test that lives in this process: a fetch function such as Hono's
 * `app.fetch`, called with one Request, with no port and no socket in between. Whatever it
 * does instead of answering (throwing, never settling, returning something else) becomes an
 * AppUnreachable error that says so, never a hung run.
 */

/** A fetch-compatible function answering the suite's requests in this process, given one Request. */
export type AppFetch = (request: Request) => Response | Promise<Response>;

/** A response as received from the app: what crosses between threads (bridge.ts) as it is. */
export type AppAnswer = {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
};

/** Why an in-process app gave no response: its fetch threw, did not settle in time, or gave no Response. */
export class AppUnreachable extends Error {}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** Rejects with the signal's reason once it aborts (a rejection nobody awaits is no error). */
export function whenAborted(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  return aborted;
}

const shape = (value: unknown) =>
  typeof value === 'object' && value !== null ? 'an object' : String(value);

const isResponse = (value: unknown): value is Response =>
  typeof (value as Response | undefined)?.status === 'number' &&
  typeof (value as Response).arrayBuffer === 'function' &&
  typeof (value as Response).headers?.forEach === 'function';

/**
 * Calls the app with `request` and reads its whole answer, racing the request's signal: an
 * app that ignores the signal still cannot hold the run past it.
 */
export async function callApp(app: AppFetch, request: Request): Promise<AppAnswer> {
  const what = `${request.method} ${request.url}`;
  const abort = whenAborted(request.signal);
  let stage = 'answer';
  try {
    const response: unknown = await Promise.race([
      Promise.resolve().then(() => app(request)),
      abort,
    ]);
    if (!isResponse(response))
      throw new AppUnreachable(
        `${what}: the app's fetch returned ${shape(response)}, not a Response`,
      );
    stage = 'finish its body';
    const body = new Uint8Array(await Promise.race([response.arrayBuffer(), abort]));
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      headers.push([name, value]);
    });
    return { status: response.status, statusText: response.statusText, headers, body };
  } catch (error) {
    if (error instanceof AppUnreachable) throw error;
    if (request.signal.aborted)
      throw new AppUnreachable(
        `${what}: the app did not ${stage} in time (${describe(request.signal.reason)})`,
      );
    throw new AppUnreachable(`${what}: the app's fetch threw ${describe(error)}`);
  }
}
