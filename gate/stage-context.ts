/** What every stage is given: the server, the level, the run's bounds and its time. */
import type { Level } from '../spec/levels.ts';
import type { Target } from './target.ts';

/** The run's bounds and the stage's time, as each stage receives them. */
export type StageContext = {
  target: Target;
  level: Level;
  /** GET requests only, in every stage and its start-up (--read-only). */
  readOnly: boolean;
  /** Requests in flight to the server at once, at most (--concurrency). */
  concurrency: number;
  /** How long one request may go unanswered (--request-timeout). */
  requestTimeoutMs: number;
  /** How every reader of the server reads it (net/): --max-response-size and --ca, when given. */
  reading: { maxResponseBytes?: number; ca?: string };
  /** When the stage must have ended (epoch ms): --stage-timeout or what --timeout leaves. */
  deadline: number;
  /** What is left of --max-creates for this stage (undefined: unbounded). */
  creationsLeft?: number;
  /** The run's id, in the names of the animals it creates (`petstore-gate-<runId>-…`). */
  runId: string;
  /** A folder of the run's own, removed at its end. */
  workDir: string;
};

/** Milliseconds left before the stage's deadline (never below zero). */
export const timeLeft = (context: Pick<StageContext, 'deadline'>): number =>
  Math.max(0, context.deadline - Date.now());

/** Why a stage stopped when its time ran out, as its cases and summary say it. */
export const outOfTime = (stage: string, startedAt: number): string =>
  `the ${stage} stage ran out of time after ${((Date.now() - startedAt) / 1000).toFixed(0)} s (--timeout / --stage-timeout)`;
