/**
 * What the traffic stage (`petstore-gate --e2e CMD`) is handed and what it reports: the proxy
 * it runs the app's tests through (the mock in proxy mode, which the commands start: the gate
 * itself never imports the mock), each exchange the proxy journals, and the coverage of the
 * traffic.
 */
import type { Departure } from '../spec/checks/departures.ts';
import type { Profile } from '../spec/profile.ts';
import type { OperationId } from '../spec/types.ts';

/** One request of the app through the proxy and its answer, as the mock's journal records it. */
export type TrafficExchange = {
  /** When it arrived (ISO 8601). */
  time: string;
  /** Its `X-Mock-Session`, or null for the default session. */
  session: string | null;
  /** The operation it reached; null for a path or method outside the interface. */
  operation: OperationId | null;
  method: string;
  /** The path as sent, `/v1` included, without the query. */
  path: string;
  query: Record<string, string | string[]>;
  /** The request headers, lower-case, credentials masked. */
  headers: Record<string, string>;
  bodyText?: string;
  /** The status the app got; 0 when its connection was dropped. */
  status: number;
  response: { headers: Record<string, string>; text?: string };
  durationMs: number;
  /** Who answered: the backend, or the mock itself (a preflight, a queued fault, a refusal). */
  answeredBy?: 'backend' | 'mock';
  /** Whether the backend's key went in place of the app's (a key the proxy accepts). */
  keyLent?: true;
  /** The departures the proxy's live judge found, the backend's (`server`) and the app's (`client`). */
  departures?: Departure[];
  /** The rules the backend's answer was judged by. */
  judged?: readonly string[];
  /** Why the app's answer was cut mid-body (then not judged). */
  cut?: string;
  /** The fault a test queued that answered it (the mock answered, not the backend). */
  fault?: unknown;
};

/** How the traffic stage wants the proxy started. */
export type TrafficProxyOptions = {
  /** The backend's base URL (ending in `/v1`) and its key, lent to the app's requests. */
  backendUrl: string;
  backendKey: string;
  /** The gap choices the backend is held to (`--profile`, or this project's own at strict level). */
  profile?: Profile;
  /** Milliseconds the backend has for one answer. */
  timeoutMs: number;
  /** CA certificates (PEM) trusted beside the system's, for a backend over HTTPS (--ca). */
  ca?: string;
  /** Told of every exchange as it is journaled. */
  onExchange(exchange: TrafficExchange): void;
};

/** The running proxy: the base URL and key the app is given, and how to stop it. */
export type TrafficProxy = { baseUrl: string; apiKey: string; close(): Promise<void> };

/** Starts the proxy the app's traffic goes through (the commands pass the mock's). */
export type StartTrafficProxy = (options: TrafficProxyOptions) => Promise<TrafficProxy>;

/** What the app's traffic met of one operation: the documented statuses and the rules judged. */
export type OperationCoverage = {
  operation: OperationId;
  /** Requests of the operation the backend answered. */
  requests: number;
  /** The statuses the interface documents for it. */
  documented: number[];
  /** Those the backend answered at least once. */
  met: number[];
  /** Statuses it answered that the interface does not document. */
  undocumented: number[];
  /** The rules its answers were judged by. */
  rules: string[];
};

/** What the app's traffic covered, operation by operation. */
export type TrafficCoverage = {
  operations: OperationCoverage[];
  /** Documented responses (operation and status) the backend answered at least once, of all. */
  met: number;
  documented: number;
  /** `met` of `documented`, in whole percent. */
  percent: number;
  /** Every exchange through the proxy, and the sessions they came in. */
  exchanges: number;
  sessions: number;
};
