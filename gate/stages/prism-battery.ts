/**
 * Sends the Prism stage's probes one after another, through Prism and the relay, judging
 * each: it stops at once when the server goes away or the stage's time runs out, and says
 * so in a case for every probe left; it sends no POST under --read-only and at most the
 * creations --max-creates leaves, reading an existing animal from the list when it made none.
 */

import { bodyForRun, type Probe, probeHeaders } from '../probes.ts';
import { goneReason, goneText, type Relay, type RelayExchange } from '../relay.ts';
import { responsePointer } from '../spec-lines.ts';
import type { GateFinding, JUnitCase } from '../stage.ts';
import type { StageContext } from '../stage-context.ts';
import { timeLeft } from '../stage-context.ts';
import { judgeProbe } from './prism-judge.ts';
import { createdIdOf, probePath, sendProbe } from './send-probe.ts';

/** What the battery sent and found. */
export type Battery = {
  cases: JUnitCase[];
  findings: GateFinding[];
  notes: string[];
  untested: string[];
  createdIds: string[];
  created: number;
  sent: number;
  requestSide: number;
  /** Probes Prism answered by itself (no verdict on them). */
  unjudged: number;
  /** Why the battery stopped early: the server went away, or the time ran out. */
  stopped?: 'gone' | 'time';
};

/** Why a probe is not sent under the run's bounds, or undefined to send it. */
function leftOut(probe: Probe, context: StageContext, posts: number, petId?: string) {
  if (context.readOnly && probe.method !== 'GET')
    return 'not sent: --read-only sends GET requests only';
  const budget = context.creationsLeft;
  if (probe.method === 'POST' && budget !== undefined && posts >= budget)
    return `not sent: --max-creates leaves this stage ${budget} creation(s)`;
  if (probe.path.includes('{id}') && petId === undefined)
    return 'not sent: no animal to read (this stage created none, and the first page listed none)';
  return undefined;
}

const is2xx = (seen?: RelayExchange) =>
  seen?.status !== undefined && seen.status >= 200 && seen.status < 300;

/** Sends every probe of `send` through Prism at `prismOrigin`, the relay behind it. */
export async function runBattery(
  send: Probe[],
  context: StageContext,
  prismOrigin: string,
  relay: Relay,
): Promise<Battery> {
  const out: Battery = {
    cases: [],
    findings: [],
    notes: [],
    untested: [],
    createdIds: [],
    created: 0,
    sent: 0,
    requestSide: 0,
    unjudged: 0,
  };
  const { apiKey, baseUrl } = context.target;
  let petId: string | undefined;
  let posts = 0;
  for (const probe of send) {
    const path = probePath(probe, petId ?? '{petId}');
    const name = `${probe.method} ${path} -> ${probe.status} (${probe.label})`;
    const className = `prism.${probe.operationId}`;
    if (!out.stopped && timeLeft(context) === 0) out.stopped = 'time';
    if (out.stopped) {
      const gone = relay.gone();
      const why = out.stopped === 'gone' && gone ? goneText(gone) : "the stage's time ran out";
      out.cases.push({ name, className, error: `not sent: ${why}` });
      continue;
    }
    const skip = leftOut(probe, context, posts, petId);
    if (skip) {
      out.cases.push({ name, className, skipped: skip });
      out.untested.push(`${name}: ${skip}`);
      continue;
    }
    if (probe.method === 'POST') posts += 1;
    const before = relay.exchanges.length;
    const started = Date.now();
    const sent = {
      method: probe.method,
      path,
      headers: probeHeaders(probe, apiKey),
      body: bodyForRun(probe.body, context.runId),
    };
    let answer: { status: number; violations: string | null; type?: string };
    try {
      const response = await sendProbe(
        prismOrigin,
        probe,
        apiKey,
        petId ?? '',
        timeLeft(context),
        context.runId,
      );
      const type = /"type"\s*:\s*"([^"]*)"/.exec(response.text)?.[1];
      answer = { status: response.status, violations: response.headers.get('sl-violations'), type };
    } catch (error) {
      out.stopped = relay.gone() ? 'gone' : timeLeft(context) === 0 ? 'time' : undefined;
      if (!out.stopped) out.unjudged += 1;
      out.cases.push({
        name,
        className,
        error: `no answer from Prism: ${(error as Error).message}`,
        durationMs: Date.now() - started,
      });
      continue;
    }
    out.sent += 1;
    const seen = relay.exchanges.slice(before).at(-1);
    const gone = relay.gone();
    if (gone) {
      out.stopped = 'gone';
      const why = `no verdict: ${goneReason(gone)}`;
      out.cases.push({ name, className, error: why, durationMs: Date.now() - started });
      continue;
    }
    const verdict = judgeProbe(probe, name, sent, answer, seen, { baseUrl, apiKey });
    out.requestSide += verdict.requestSide;
    out.notes.push(...verdict.notes);
    const durationMs = Date.now() - started;
    if (verdict.kind === 'not-covered') {
      out.notes.push(`${name}: ${verdict.why}`);
      out.cases.push({ name, className, skipped: verdict.why ?? 'not covered', durationMs });
    } else if (verdict.kind === 'no-verdict') {
      out.unjudged += 1;
      out.cases.push({ name, className, error: verdict.why ?? 'no verdict', durationMs });
    } else if (verdict.finding) {
      verdict.finding.specPointer = responsePointer(probe.operationId, probe.status);
      out.findings.push(verdict.finding);
      const body = [...verdict.finding.detail, 'Reproduce:', verdict.finding.curl ?? ''].join('\n');
      out.cases.push({
        name,
        className,
        failure: body,
        message: verdict.finding.title,
        durationMs,
      });
    } else out.cases.push({ name, className, durationMs });
    const raw = seen?.body?.toString('utf8') ?? '';
    if (probe.method === 'POST' && is2xx(seen)) {
      out.created += 1;
      const id = createdIdOf(raw);
      if (id !== undefined) out.createdIds.push(id);
      if (probe.status === 201) petId = id ?? petId;
    }
    // With no animal of its own (--read-only, --max-creates), the first one listed is read.
    if (petId === undefined && probe.operationId === 'listPets' && seen?.status === 200)
      petId = createdIdOf(raw);
  }
  return out;
}
