/** What one gate run is asked to check, and the defaults of its bounds. */
import type { ServerUnderTest } from '../contract-tests/client/preflight.ts';
import type { StartedServer } from '../contract-tests/run/run-types.ts';
import type { Level } from '../spec/levels.ts';
import type { Profile } from '../spec/profile.ts';
import type { StageName, StageResult } from './stage.ts';
import type { StartTrafficProxy } from './traffic-types.ts';

/** The gate's whole time unless --timeout says otherwise: a hung server never holds a pipeline longer. */
export const DEFAULT_TIMEOUT_MS = 600_000;
/** How long one request may go unanswered unless --request-timeout says otherwise. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
/** Requests in flight at once unless --concurrency says otherwise (as petstore-contract). */
export const DEFAULT_GATE_CONCURRENCY = 16;

/** What one gate run checks, and where it writes its reports. */
export type GateOptions = {
  /** The server to check. */
  server?: ServerUnderTest;
  /** Without `server`: starts the project's mock to check (then 429/500/503 are forced with `Prefer`). */
  startMock?: () => Promise<StartedServer>;
  level: Level;
  /** Stages not to run; they are reported as skipped. */
  skip?: readonly StageName[];
  /** Where to write one JUnit report per stage (default: none kept). */
  junitDir?: string;
  /** The server's declared gap choices, for the contract stage (petstore-contract --profile). */
  profile?: Profile;
  /** The file the profile was read from, as given, for the contract stage's replay line. */
  profileFile?: string;
  /** A consumer's pact (its JSON text) the contract stage replays (petstore-contract --pact). */
  pact?: string;
  /** The file the pact was read from, as given, for the contract stage's replay line. */
  pactFile?: string;
  /** Which command the contract stage's replay line names: the repository's or the installed gate. */
  replayWith?: 'checkout' | 'installed';
  /** At most this many animals left on the server by the whole run (see runGate). */
  maxCreates?: number;
  /** GET requests only, in every stage and the start-up check (--read-only). */
  readOnly?: boolean;
  /** Requests in flight at once, in every stage (--concurrency; default 16). */
  concurrency?: number;
  /** The whole run's time (--timeout; default 10 minutes). */
  timeoutMs?: number;
  /** Each stage's time at most (--stage-timeout; default: what the whole run has left). */
  stageTimeoutMs?: number;
  /** How long one request may go unanswered (--request-timeout; default 15 s). */
  requestTimeoutMs?: number;
  /** The most bytes of one answer's body read, decoded (--max-response-size; default 16 MiB). */
  maxResponseBytes?: number;
  /** CA certificates (PEM) trusted beside the system's, for a server over HTTPS (--ca). */
  ca?: string;
  /** The server's published OpenAPI document (a URL or a file) for the lint stage; without it, lint is off. */
  openapi?: string;
  /** Told about each stage as soon as it ends. */
  onStage?: (result: StageResult) => void;
  /**
   * The app's end-to-end command (--e2e CMD): the traffic stage runs it through the proxy in
   * front of the server and judges its traffic. Without it, the stage does not run at all.
   */
  e2e?: string;
  /** `strict`: the app's departures fail the traffic stage (--e2e-client); default `report`. */
  e2eClient?: 'report' | 'strict';
  /** The least coverage of the documented responses, in percent, the traffic must meet (--e2e-min-coverage). */
  e2eMinCoverage?: number;
  /** Starts the proxy the traffic stage runs the app through (the commands pass the mock's). */
  startProxy?: StartTrafficProxy;
};
