/** Which server a run tests: one at a URL, one started for the run, or an app in this process. */
import type { AppFetch } from '../client/app-fetch.ts';
import { PreflightError, preflight, type ServerUnderTest } from '../client/preflight.ts';
import type { ContractOptions } from './run-types.ts';

/** The base URL of an in-process app unless `baseUrl` says otherwise: no network resolves it. */
export const IN_PROCESS_BASE_URL = 'http://petstore.test/v1';

/** The server a run tests, preflighted or started: with `app`, called in this process; `close` stops it. */
export type OpenServer = ServerUnderTest & { app?: AppFetch; close?: () => Promise<void> };

/**
 * Preflights the server `options` names (`server`, else `fetch`), or starts one with
 * `startServer`. Throws a PreflightError saying why there is nothing to test; an error of
 * `startServer` is thrown as it is.
 */
export async function openServer(options: ContractOptions): Promise<OpenServer> {
  const { fetch: app } = options;
  // No POST at all, the start-up's included, when the run may create nothing.
  const readOnly = options.readOnly === true || options.maxCreates === 0;
  if (app && (options.server || options.startServer))
    throw new PreflightError(
      'give one server to test: fetch (an app in this process) or server (a URL), not both',
    );
  if (options.server)
    return preflight(options.server, readOnly, undefined, {
      ...(options.maxResponseBytes ? { bounds: { maxBodyBytes: options.maxResponseBytes } } : {}),
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    });
  if (app) {
    if (!options.apiKey)
      throw new PreflightError('an app in this process needs apiKey too: a key it accepts');
    const server = { baseUrl: options.baseUrl ?? IN_PROCESS_BASE_URL, apiKey: options.apiKey };
    return { ...(await preflight(server, readOnly, app)), app };
  }
  if (options.startServer) return options.startServer();
  throw new PreflightError(
    'no server to test: give server (its base URL and a key), or fetch (an app in this process) and apiKey',
  );
}
