/**
 * What the console page tells of the mock it runs on, from the server's options: where the
 * API is, its keys, its profile and, in proxy mode, the backend and whether the mock falls
 * back to its own answers or records the backend's animals (never the backend's key).
 */
import type { Profile } from '../../../spec/profile.ts';

/** Proxy mode as the console shows it. */
export type ProxyFacts = {
  /** The backend's base URL. */
  url: string;
  /** Whether the mock lends the backend a key of its own (`--proxy-key`), checking the app's. */
  keyLent: boolean;
  fallback: boolean;
  record: boolean;
};

/** What the console page shows of the mock. */
export type ConsoleFacts = {
  baseUrl: string;
  apiKeys: readonly string[];
  profile?: Profile;
  proxy?: ProxyFacts;
};

/** The proxy facts of a server's `proxy` option. */
export const proxyFacts = (proxy: {
  url: string;
  key?: string;
  fallback?: boolean;
  record?: boolean;
}): ProxyFacts => ({
  url: proxy.url,
  keyLent: proxy.key !== undefined,
  fallback: proxy.fallback === true,
  record: proxy.record === true,
});
