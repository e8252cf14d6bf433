/**
 * Whether a server can be tested at all, checked before any suite or tool runs against it:
 * its base URL is an absolute http(s) URL, something answers HTTP there (or the app in this
 * process answers its fetch), the URL carries the version prefix, and the key is not refused
 * by every operation.
 */
import { type FetchReading, openBounded, ReadFailure } from '../../net/index.ts';
import { BASE_PATH } from '../../spec/constants.ts';
import { type AppFetch, callApp } from './app-fetch.ts';
import {
  describeKeyForm,
  INTERFACE_KEY_FORM,
  type KeyForm,
  keyHeader,
  OTHER_KEY_FORMS,
} from './key-forms.ts';

/** Why a server cannot be tested: a malformed base URL, nothing answering, a wrong prefix or key. */
export class PreflightError extends Error {}

/**
 * The server under test: its base URL (base path included), a key it accepts, and the form
 * it takes the key in when not the interface's `Authorization: Bearer <key>`.
 */
export type ServerUnderTest = { baseUrl: string; apiKey: string; keyForm?: KeyForm };

/**
 * A server under test, reached over the network (read within `reading`'s bounds) or, with
 * `app`, by calling it in this process.
 */
export type Target = ServerUnderTest & { app?: AppFetch; reading?: FetchReading };

/** Parses a base URL and returns it without a trailing slash, or says what is wrong with it. */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PreflightError(
      `the base URL must be an absolute http(s) URL such as http://127.0.0.1:4010${BASE_PATH}, got "${raw}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PreflightError(`the base URL must use http or https, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** The code of a failed fetch (`ECONNREFUSED`, `ENOTFOUND`...), or its message. */
function whyUnreachable(error: unknown): string {
  const cause = (
    error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }
  ).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
}

/** Why nothing answered: a PreflightError naming the base URL and what to check. */
function unreachable(base: string, app: AppFetch | undefined, error: unknown): PreflightError {
  if (app)
    return new PreflightError(
      `cannot reach the in-process app at ${base}: ${(error as Error).message}.\n` +
        "Check that fetch is the app's own fetch function (or an adapter over it) and that the app answers under the base URL.",
    );
  // It answered, but past a bound, or under a certificate this machine does not trust.
  if (error instanceof ReadFailure && (error.kind === 'bound' || error.kind === 'tls'))
    return new PreflightError(
      error.kind === 'tls'
        ? error.message
        : `the server at ${base} ${error.message}, to GET ${base}/pets?limit=1; nothing can be tested on answers that cannot be read`,
    );
  if (error instanceof ReadFailure && error.kind === 'timeout')
    return new PreflightError(
      `the server at ${base} gave no whole answer to GET ${base}/pets?limit=1 within 10 s (${error.answered ? `its status ${error.answered.status} came, the body did not finish` : 'not even a status line'}); is it overloaded, or is the base URL right?`,
    );
  return new PreflightError(
    `cannot reach ${base} (${whyUnreachable(error)}): the server at ${base} is unreachable; is it running, and is the base URL right?`,
  );
}

/** The status of one request with the key; throws a PreflightError when nothing answers. */
async function statusOf(
  { baseUrl, apiKey, app, keyForm, reading }: Target,
  path: string,
  init: RequestInit = {},
  timeoutMs = 10_000,
) {
  const url = `${baseUrl}${path}`;
  const sent = {
    ...init,
    headers: { ...keyHeader(apiKey, keyForm), ...init.headers },
    signal: AbortSignal.timeout(timeoutMs),
  };
  try {
    if (app) return (await callApp(app, new Request(url, sent))).status;
    // The status is all it needs: the body is never read (a list that never ends included).
    const answer = await openBounded(
      new URL(url),
      {
        method: sent.method ?? 'GET',
        headers: { ...sent.headers },
        ...(typeof sent.body === 'string' ? { body: sent.body } : {}),
      },
      { ...reading, timeoutMs },
    );
    answer.cancel();
    return answer.status;
  } catch (error) {
    throw unreachable(baseUrl, app, error);
  }
}

/** Resolves once something answers HTTP at the base URL (any status will do). */
export async function assertReachable(target: Target, timeoutMs = 10_000): Promise<number> {
  return statusOf(target, '/pets?limit=1', {}, timeoutMs);
}

/** Refuses a base URL without the version prefix when the operations answer under it. */
async function assertVersioned(target: Target, listStatus: number) {
  const { baseUrl } = target;
  if (new URL(baseUrl).pathname.endsWith(BASE_PATH) || listStatus !== 404) return;
  const versioned = `${baseUrl}${BASE_PATH}`;
  if ((await statusOf({ ...target, baseUrl: versioned }, '/pets?limit=1')) === 404) return;
  throw new PreflightError(
    `the base URL ${baseUrl} lacks the version prefix ${BASE_PATH}: ${BASE_PATH}/pets answers there but /pets does not.\n` +
      `Every path of the interface is relative to a base URL ending in ${BASE_PATH}; run again with --base-url ${versioned}`,
  );
}

/**
 * Refuses a base URL that serves nothing of the interface: listPets answers 404 with the key
 * and without it (where the interface has it answer 401), as a wrong prefix does. A listPets
 * behind its key that answers 404 (an empty catalogue) is the server's to answer for.
 */
async function assertServed(target: Target, listStatus: number) {
  if (listStatus !== 404) return;
  const url = `${target.baseUrl}/pets?limit=1`;
  const sent = { signal: AbortSignal.timeout(10_000) };
  const keyless = await (target.app
    ? callApp(target.app, new Request(url, sent))
    : openBounded(
        new URL(url),
        { method: 'GET', headers: {} },
        { ...target.reading, timeoutMs: 10_000 },
      ).then((answer) => {
        answer.cancel();
        return answer;
      })
  ).then(
    (response) => response.status,
    () => 0,
  );
  if (keyless !== 404) return;
  throw new PreflightError(
    `nothing of the interface answers at ${target.baseUrl}: GET ${target.baseUrl}/pets?limit=1 answered 404 with the key and without it, where listPets answers 200, or 401 without a key.\n` +
      `Check the base URL: it is the address the interface's paths are relative to, ending in ${BASE_PATH} (e.g. https://staging.example${BASE_PATH}).`,
  );
}

/** Whether some operation does not answer 401 to the key in the target's form. */
async function keyTaken(target: Target, readOnly: boolean): Promise<boolean> {
  if ((await statusOf(target, '/pets?limit=1')) !== 401) return true;
  if ((await statusOf(target, `/pets/${2n ** 63n - 1n}`)) !== 401) return true;
  // An empty object is a body no conforming server stores: a valid key gets 400, not 201.
  if (readOnly) return false;
  const body = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
  return (await statusOf(target, '/pets', body)) !== 401;
}

/**
 * The form the key is taken in: the interface's when some operation takes it so; else the
 * first other form (a header name in another case, the scheme in another case) listPets
 * takes it in, so that the run goes on and reports the difference; else a PreflightError.
 */
async function assertKeyAccepted(target: Target, readOnly: boolean): Promise<KeyForm> {
  if (await keyTaken({ ...target, keyForm: INTERFACE_KEY_FORM }, readOnly))
    return INTERFACE_KEY_FORM;
  for (const keyForm of OTHER_KEY_FORMS)
    if ((await statusOf({ ...target, keyForm }, '/pets?limit=1')) !== 401) return keyForm;
  const tried = OTHER_KEY_FORMS.map(describeKeyForm).join(', ');
  throw new PreflightError(
    `the API key was refused: ${readOnly ? 'listPets and getPet' : 'listPets, createPet and getPet'} all answered 401 with it, and listPets with it in every other form tried (${tried}).\n` +
      'Check --api-key (or PETSTORE_API_KEY): it must be a key this server accepts, sent as Authorization: Bearer <key>.',
  );
}

/**
 * Normalises the server's base URL and checks that it can be tested, over the network or,
 * given `app`, by calling that fetch function; returns the normalised server.
 */
export async function preflight(
  server: ServerUnderTest,
  readOnly = false,
  app?: AppFetch,
  reading: FetchReading = {},
): Promise<ServerUnderTest> {
  const checked = { baseUrl: normaliseBaseUrl(server.baseUrl), apiKey: server.apiKey };
  const target = { ...checked, app, reading };
  const listStatus = await assertReachable(target);
  await assertVersioned(target, listStatus);
  await assertServed(target, listStatus);
  const keyForm = await assertKeyAccepted(target, readOnly);
  return keyForm === INTERFACE_KEY_FORM ? checked : { ...checked, keyForm };
}
