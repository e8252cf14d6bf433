/**
 * The leniency catalogue: conforming reference servers that each read or answer one thing
 * the way a common framework or gateway does by default, where the interface is silent.
 * Every one must pass the contract suite at interface level (leniency.test.ts); a check that
 * fails one of them is a false alarm. Each entry (leniency-reading.ts, leniency-routes.ts,
 * leniency-answers.ts) says what the server does, who does so, and where that is documented;
 * docs/contract-power.md lists them.
 */
import { ANSWER_LENIENCIES, TRANSPORT_LENIENCIES } from './leniency-answers.ts';
import type { LeniencyNote } from './leniency-note.ts';
import {
  AUTH_LENIENCIES,
  BODY_LENIENCIES,
  ID_READINGS,
  QUERY_LENIENCIES,
} from './leniency-reading.ts';
import { GATEWAY_LENIENCIES, ROUTE_LENIENCIES } from './leniency-routes.ts';

export type { LeniencyNote } from './leniency-note.ts';

/** One leniency of the catalogue. */
export type Leniency =
  | keyof typeof BODY_LENIENCIES
  | keyof typeof ROUTE_LENIENCIES
  | keyof typeof AUTH_LENIENCIES
  | keyof typeof QUERY_LENIENCIES
  | keyof typeof ID_READINGS
  | keyof typeof GATEWAY_LENIENCIES
  | keyof typeof ANSWER_LENIENCIES
  | keyof typeof TRANSPORT_LENIENCIES;

/** Every leniency, with what it does, who does so and where that is written. */
export const LENIENCIES: Record<Leniency, LeniencyNote> = {
  ...BODY_LENIENCIES,
  ...ROUTE_LENIENCIES,
  ...AUTH_LENIENCIES,
  ...QUERY_LENIENCIES,
  ...ID_READINGS,
  ...GATEWAY_LENIENCIES,
  ...ANSWER_LENIENCIES,
  ...TRANSPORT_LENIENCIES,
};
