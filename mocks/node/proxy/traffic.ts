/**
 * The mock in proxy mode as the release gate's traffic stage runs it (`petstore-gate --e2e`):
 * on a free loopback port in front of the backend, the backend's key lent in place of a key
 * of the run's own (the app's tests get it in PETSTORE_API_KEY), quiet, and every exchange
 * told to the gate as it is journaled, judged by the profile the gate holds the backend to.
 * Sessions, faults and the journal work as ever, so the app's tests run through it unchanged.
 */
import { randomBytes } from 'node:crypto';
import type { Profile } from '../../../spec/profile.ts';
import type { RecordedEntry } from '../../core/journal.ts';
import { startMockServer } from '../server.ts';

/** How the gate wants the proxy: the backend, its key, the profile in force, the time per answer. */
export type TrafficProxyOptions = {
  backendUrl: string;
  backendKey: string;
  profile?: Profile;
  timeoutMs: number;
  ca?: string;
  onExchange(exchange: RecordedEntry): void;
};

/** Starts the proxy; resolves with the base URL and key the app's tests are given. */
export async function startTrafficProxy(options: TrafficProxyOptions) {
  // A key of the run's own: the backend's is lent only to requests that carry it.
  const apiKey = `petstore-gate-${randomBytes(12).toString('hex')}`;
  const mock = await startMockServer({
    host: '127.0.0.1',
    port: 0,
    apiKeys: [apiKey],
    quiet: true,
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    proxy: {
      url: options.backendUrl,
      key: options.backendKey,
      timeoutMs: options.timeoutMs,
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    },
    onExchange: options.onExchange,
  });
  return { baseUrl: mock.baseUrl, apiKey, close: () => mock.close() };
}
