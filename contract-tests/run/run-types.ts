/** The options and results of runContract (run.ts). */

import type { RuleId } from '../../spec/checks/cited-rules.ts';
import type { Level } from '../../spec/levels.ts';
import type { Profile } from '../../spec/profile.ts';
import type { AppFetch } from '../client/app-fetch.ts';
import type { KeyForm } from '../client/key-forms.ts';
import type { ServerUnderTest } from '../client/preflight.ts';
import type { PactSummary } from '../pact/pact-summary.ts';
import type { Finding } from '../report/summary.ts';
import type { Depth } from './depth.ts';
import type { CreatedRecord } from './run-log.ts';
import type { Echo, SuiteCounts } from './vitest-run.ts';

/**
 * How to run the contract suite. `server`, `fetch` (with `apiKey`) or `startServer` says what
 * to test; the rest have defaults.
 */
export type ContractOptions = {
  /** The server under test, by URL. */
  server?: ServerUnderTest;
  /**
   * Instead of `server`: an app in this process, tested with no port. Each request of the run
   * is one call with a Request (e.g. Hono's `app.fetch`, or an adapter over Fastify's `inject`).
   */
  fetch?: AppFetch;
  /** With `fetch`: a key the app accepts. */
  apiKey?: string;
  /** With `fetch`: the base URL the requests name (default http://petstore.test/v1). */
  baseUrl?: string;
  /** Without `server` or `fetch`: starts the server to test, stopped after the run (e.g. the project's mock). */
  startServer?: () => Promise<StartedServer>;
  /** `interface` (default): the interface's rules (x-rules); `strict`: also the decisions (x-decision). */
  level?: Level;
  /** The server's gap choices, checked as declared (with `level: 'strict'`, over this project's own). */
  profile?: Profile;
  /** A category the server accepts for valid creations (default 1). */
  categoryId?: number | bigint;
  /** Sends GET requests only (default false). */
  readOnly?: boolean;
  /**
   * At most this many requests that may store an animal (every POST, given back when refused
   * with a 4xx); checks that need more are skipped, never passed. Unbounded by default.
   */
  maxCreates?: number;
  /** Seed of the generated cases (default DEFAULT_SEED, fixed, so runs repeat exactly). */
  seed?: number;
  /** How much to try (default `default`); see depth.ts. */
  depth?: Depth;
  /** Generated cases per property (default: the depth's). */
  runs?: number;
  /**
   * Requests in flight at once, and independent checks run side by side (default
   * DEFAULT_CONCURRENCY); 1 sends one request at a time. Checks whose meaning depends on
   * order stay in order whatever it is.
   */
  concurrency?: number;
  /**
   * A consumer's pact (a Pact file v2, v3 or v4, as its JSON text or parsed) to replay beside
   * the interface's checks: each interaction's provider states set up through the interface,
   * its answer judged as Pact would, and every gap choice it relied on.
   */
  pact?: string | object;
  /** Also writes a JUnit XML report there (relative to the current directory), also when it stops with no verdict. */
  junitFile?: string;
  /** The whole run at most this long (default 10 minutes): no request is sent after it, no verdict. */
  timeoutMs?: number;
  /** How long one request may go unanswered (default 15 s); a server answering nothing more is given up on at once. */
  requestTimeoutMs?: number;
  /** The most bytes of one answer's body read, decoded (--max-response-size; default 16 MiB). */
  maxResponseBytes?: number;
  /** CA certificates (PEM) trusted beside the system's, for a server over HTTPS (--ca). */
  ca?: string;
  /** Streams vitest's report is echoed to while the suite runs (default: none). */
  echo?: Echo;
  /** Told what is about to be tested, once the server is known and before the suite runs. */
  onStart?: (run: ContractRun) => void;
};

/** What one run tests: the server, the level, and what replays it. */
export type ContractRun = {
  baseUrl: string;
  level: Level;
  /** The gap choices the run holds the server to (the level's, and the given profile's). */
  profile: Profile;
  readOnly: boolean;
  /** The creation budget (--max-creates), if any. */
  maxCreates?: number;
  depth: Depth;
  /** Generated cases per property. */
  runs: number;
  /** Requests in flight at once (--concurrency). */
  concurrency: number;
  seed: number;
  /** Prefix of the names of the pets the run creates. */
  runId: string;
  /** Whether the server was started for the run (`startServer`). */
  localMock: boolean;
  /** Whether the requests went to an app in this process (`fetch`), not over the network. */
  inProcess: boolean;
  /** The form the server took the key in, when it refused the interface's (a finding of the run). */
  keyForm?: KeyForm;
};

/** A server started for one run: where it answers, a key it accepts, and how to stop it. */
export type StartedServer = ServerUnderTest & { close(): Promise<void> };

/** How a run ended: every check passed, one failed, or the server could not be tested at all. */
export type ContractVerdict = 'passed' | 'failed' | 'could-not-test';

/** What runContract found. */
export type ContractResult = {
  verdict: ContractVerdict;
  /** Why the server could not be tested (with `could-not-test` only). */
  reason?: string;
  /** What was tested (absent when the server could not be tested). */
  run?: ContractRun;
  counts: SuiteCounts;
  /** The statuses exercised per operation, as a table ready to print. */
  coverage: string;
  /** The rules some check judged during the run. */
  rulesChecked: RuleId[];
  /** The failures, one finding per cause, most cases first (empty when none failed). */
  findings: Finding[];
  /** The grouped summary of the findings, ready to print (empty when none failed). */
  summary: string;
  /** Every animal the run stored (a POST answered 2xx), in order: its id as text and name. */
  created: CreatedRecord[];
  /** The name limit the run learned and fitted its names to (absent: the server took the longest). */
  names?: { limit: number; prefix: string; learned: boolean; declared?: boolean };
  /** Requests sent again on a new connection, the server having closed the idle one they went out on. */
  resent: number;
  /** Requests the server answered 429 or 503 first, each sent again after a wait (never a finding). */
  throttled: number;
  /** The server shed load (503): the run went on with fewer requests in flight than --concurrency. */
  lowered?: { from: number; to: number };
  /** The checks skipped, and why (a level, --read-only, --max-creates, what the server showed). */
  skipped: { name: string; note?: string }[];
  /** The JUnit report, when one was asked for and the suite ran. */
  junitFile?: string;
  /**
   * Why a run that had started stopped without a verdict: the server went away (when, at which
   * request), kept shedding load, or the time ran out.
   */
  stopped?: {
    kind: 'server-gone' | 'unreadable' | 'throttled' | 'time-up';
    at?: string;
    request?: string;
  };
  /** What the run made of the consumer's pact, when one was given. */
  pact?: PactSummary;
  /** Vitest's report, as it printed it (without colours). */
  report: string;
  durationMs: number;
};
