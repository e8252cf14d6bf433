/**
 * The options of one contract run as the suite sees them. runContract (run.ts) hands them
 * to vitest with `provide`; the suite reads them with `inject`, in its one worker.
 */
import { inject } from 'vitest';
import type { Level } from '../../spec/levels.ts';
import type { Profile } from '../../spec/profile.ts';
import type { KeyForm } from '../client/key-forms.ts';
import type { Depth } from '../run/depth.ts';

/** What the suite needs to know about the server under test and the run. */
export type SuiteOptions = {
  baseUrl: string;
  apiKey: string;
  level: Level;
  /** The server's declared gap choices (suite/declared.contract.ts checks them). */
  profile: Profile;
  /** A category the server accepts for valid creations. */
  categoryId: number | bigint;
  readOnly: boolean;
  /**
   * The form the server took the key in (preflight), when not `Authorization: Bearer <key>`:
   * the suite's requests go out in it, those that test a form on purpose excepted.
   */
  keyForm?: KeyForm;
  /** At most this many requests that may store an animal (--max-creates); unbounded without. */
  maxCreates?: number;
  /** The suite files that create, in run order, sharing --max-creates (run/themes.ts). */
  themes?: string[];
  seed: number;
  /** Generated cases per property. */
  runs: number;
  depth: Depth;
  /** Identical creations sent at once. */
  concurrent: number;
  /** Requests in flight at once, and independent tests run side by side (--concurrency). */
  concurrency: number;
  /** How long one request may go unanswered (--request-timeout). */
  requestTimeoutMs?: number;
  /** The most bytes of one answer's body read, decoded (--max-response-size). */
  maxResponseBytes?: number;
  /** CA certificates (PEM) trusted beside the system's (--ca). */
  ca?: string;
  /** When the run must end (epoch ms, --timeout): no request is sent after it. */
  deadline?: number;
  /** Extra generated names tried by the accept-or-reject oracle. */
  generatedNames: number;
  /** Unique prefix of the names of the pets this run creates. */
  runId: string;
  /** Directory of the run's log (run-log.ts): exchanges, rules judged, failures. */
  logDir: string | undefined;
  /**
   * With an app in runContract's thread: the name of the channel its requests go through
   * (client/bridge.ts), since a function cannot be provided. Without it, the network.
   */
  bridge?: string;
  /** A consumer's pact to replay (suite/pact.contract.ts), as its JSON text. */
  pact?: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The options of the contract run, provided by runContract (contract-tests/run/run.ts). */
    contractOptions: SuiteOptions;
  }
}

/** The options runContract provided; throws saying how to run the suite when there are none. */
export function suiteOptions(): SuiteOptions {
  const options = inject('contractOptions');
  if (options === undefined) {
    throw new Error('the contract suite takes its options from runContract: run npm run contract');
  }
  return options;
}
