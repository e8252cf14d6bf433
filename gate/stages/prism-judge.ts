/**
 * The verdict on one probe sent through Prism's validation proxy: the violations Prism
 * reports about the response (its int64 stand-in bounds aside), a request without a valid
 * key answered otherwise than 401, or no verdict when the server was not what answered.
 */
import { type ExchangeLike, exchangeFinding, type SentRequest } from '../exchange-text.ts';
import type { Probe } from '../probes.ts';
import type { RelayExchange } from '../relay.ts';
import type { GateFinding } from '../stage.ts';
import { isInt64Artefact } from './int64-artefacts.ts';
import { describeViolation, isResponseViolation, parseViolations } from './violations.ts';

/** What one probe showed. */
export type ProbeVerdict = {
  /** `not-covered`: Prism refused the request itself, so the server never saw it. */
  kind: 'pass' | 'finding' | 'no-verdict' | 'not-covered';
  finding?: GateFinding;
  /** Why there is no verdict (with `no-verdict`). */
  why?: string;
  /** Violations of the gate's own deliberately invalid request: expected, counted. */
  requestSide: number;
  notes: string[];
};

/** What Prism answered the probe: its status and `sl-violations` header. */
export type PrismAnswer = { status: number; violations: string | null; type?: string };

/**
 * Judges the probe from Prism's answer and what the server really sent (`seen`, the relay's
 * last exchange for it; undefined when Prism never asked the server).
 */
export function judgeProbe(
  probe: Probe,
  name: string,
  sent: SentRequest,
  answer: PrismAnswer,
  seen: RelayExchange | undefined,
  server: ExchangeLike,
): ProbeVerdict {
  const finding = (title: string, detail: string[]) =>
    exchangeFinding('prism', title, detail, sent, server, seen);
  const own = `Prism answered ${answer.status}${answer.type ? ` (${answer.type})` : ''} itself`;
  // A request Prism cannot read (a body that is not JSON) it refuses without forwarding.
  if (seen === undefined && answer.status >= 400 && answer.status < 500)
    return {
      kind: 'not-covered',
      why: `${own} without forwarding the request, so the server's answer is not checked here (the dredd stage checks it)`,
      requestSide: 0,
      notes: [],
    };
  if (seen === undefined || (seen.status === undefined && seen.fault === undefined))
    return {
      kind: 'no-verdict',
      why: `${own}: the server's answer never reached it, so there is nothing to judge`,
      requestSide: 0,
      notes: [],
    };
  if (seen.fault !== undefined)
    return {
      kind: 'finding',
      finding: finding(`${name}: no whole answer (transport)`, [seen.fault]),
      requestSide: 0,
      notes: [],
    };
  const raw = seen.body?.toString('utf8') ?? '';
  const violations = parseViolations(answer.violations);
  const onResponse = violations.filter(isResponseViolation);
  const bad = onResponse.filter((v) => !isInt64Artefact(v, raw));
  const notes: string[] = [];
  if (bad.length < onResponse.length)
    notes.push(
      `${name}: ${onResponse.length - bad.length} int64 value(s) above 2^53 that Prism's JSON.parse cannot hold, read exactly by the gate: within int64, as the interface allows`,
    );
  if (violations.some((v) => !isResponseViolation(v) && /route not found/i.test(v.message)))
    notes.push(
      `${name}: the spec has no ${probe.method} here, so Prism cannot validate the answer (the dredd stage checks it)`,
    );
  // Without a valid key, 401 is the interface's rule, not one response among others.
  const bypass = probe.status === 401 && seen.status !== 401;
  if (seen.status !== probe.status && !bypass)
    notes.push(`${name}: answered ${seen.status}, so ${probe.status} was not covered`);
  const requestSide = violations.length - onResponse.length;
  if (bad.length === 0 && !bypass) return { kind: 'pass', requestSide, notes };
  const lines = [
    ...(bypass
      ? [`a request without a valid key must be answered 401 (${probe.label}), got ${seen.status}`]
      : []),
    ...bad.map(describeViolation),
  ];
  const title = `${name} answered ${seen.status}: ${lines[0]}${lines.length > 1 ? ` (and ${lines.length - 1} more)` : ''}`;
  return { kind: 'finding', finding: finding(title, lines), requestSide, notes };
}
