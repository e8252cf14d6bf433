/**
 * Stage 3: an independent schema opinion. Every probe goes through Prism's validation
 * proxy (no --errors, so everything is forwarded); the stage fails on any violation
 * Prism reports about a response, and on any request without a valid key answered
 * otherwise than 401 (the interface requires it; Prism alone sees a valid 200). Violations
 * about our own deliberately invalid requests are expected and only counted.
 */

import { freePort } from '../../lib/ports.ts';
import { allResponses } from '../../spec/document.ts';
import { documentAtLevel, type Level } from '../../spec/levels.ts';
import { startPrism } from '../prism-process.ts';
import { type Probe, probes } from '../probes.ts';
import type { JUnitCase, StageResult } from '../stage.ts';
import { groupByReason } from '../summary.ts';
import type { Target } from '../target.ts';
import { createdIdOf, probePath, sendProbe } from './send-probe.ts';
import { describeViolation, isResponseViolation, parseViolations } from './violations.ts';

/** The probes worth sending (documented at this level; `Prefer` only to the mock) and the rest. */
export function batteryFor(level: Level, isMock: boolean) {
  const documented = new Set(
    allResponses(documentAtLevel(level)).map((r) => `${r.operationId} ${r.status}`),
  );
  const send: Probe[] = [];
  const left: { key: string; reason: string; label: string }[] = [];
  for (const probe of probes) {
    const key = `${probe.operationId} ${probe.status}`;
    if (!documented.has(key)) {
      left.push({ key, label: probe.label, reason: `decisions, not part of the ${level} level` });
    } else if (probe.prefer && !isMock) {
      left.push({ key, label: probe.label, reason: 'cannot be provoked from a foreign server' });
    } else send.push(probe);
  }
  // The pet the other probes read is created first.
  send.sort((a, b) => Number(b.status === 201) - Number(a.status === 201));
  return { send, left };
}

/** How many POSTs the stage sends: each may store an animal, so each takes a creation. */
export const prismCreations = (level: Level, isMock: boolean): number =>
  batteryFor(level, isMock).send.filter((probe) => probe.method === 'POST').length;

/**
 * Runs the battery through `prism proxy SPEC TARGET` and reports response violations. With
 * `maxCreates`, at most that many POSTs are sent (the first ones, the creation first); the
 * others are skipped and reported as untested.
 */
export async function runPrismStage(
  target: Target,
  level: Level,
  specFile: string,
  maxCreates?: number,
): Promise<StageResult> {
  const started = Date.now();
  const { send, left } = batteryFor(level, target.isMock);
  let posts = 0;
  let created = 0;
  const untested: string[] = [];
  const port = await freePort();
  const prism = await startPrism(['proxy', specFile, target.baseUrl], '127.0.0.1', port);
  const cases: JUnitCase[] = [];
  const failures: string[] = [];
  const notes: string[] = [];
  let requestSide = 0;
  let petId = '1';
  try {
    for (const probe of send) {
      const name = `${probe.method} ${probePath(probe, petId)} -> ${probe.status} (${probe.label})`;
      const className = `prism.${probe.operationId}`;
      if (probe.method === 'POST' && maxCreates !== undefined && posts >= maxCreates) {
        const why = `not sent: --max-creates leaves this stage ${maxCreates} creation(s)`;
        cases.push({ name, className, skipped: why });
        untested.push(`${name}: ${why}`);
        continue;
      }
      if (probe.method === 'POST') posts += 1;
      let response: Awaited<ReturnType<typeof sendProbe>>;
      try {
        response = await sendProbe(prism.origin, probe, target.apiKey, petId);
      } catch (error) {
        const why = `request through Prism failed: ${(error as Error).message}`;
        failures.push(`${name}: ${why}`);
        cases.push({ name, className, failure: why });
        continue;
      }
      if (probe.method === 'POST' && response.status >= 200 && response.status < 300) created += 1;
      if (probe.status === 201) petId = createdIdOf(response.text) ?? petId;
      const violations = parseViolations(response.headers.get('sl-violations'));
      const bad = violations.filter(isResponseViolation);
      requestSide += violations.length - bad.length;
      if (violations.some((v) => !isResponseViolation(v) && /route not found/i.test(v.message))) {
        notes.push(
          `${name}: the spec has no ${probe.method} here, so Prism cannot validate the answer (the dredd stage checks it)`,
        );
      }
      // Without a valid key, 401 is the interface's rule, not one response among others.
      const bypass = probe.status === 401 && response.status !== 401;
      if (response.status !== probe.status && !bypass) {
        notes.push(`${name}: answered ${response.status}, so ${probe.status} was not covered`);
      }
      if (bad.length > 0 || bypass) {
        const lines = [
          ...(bypass
            ? [
                `a request without a valid key must be answered 401 (${probe.label}), got ${response.status}`,
              ]
            : []),
          ...bad.map(describeViolation),
        ];
        const more = lines.length > 3 ? ` (and ${lines.length - 3} more)` : '';
        failures.push(
          `${name} answered ${response.status}: ${lines.slice(0, 3).join('; ')}${more}`,
        );
        cases.push({ name, className, failure: lines.join('\n') });
      } else cases.push({ name, className });
    }
  } finally {
    await prism.stop();
  }
  for (const { key, label, reason } of left) {
    cases.push({ name: `${key} (${label})`, className: 'prism.skipped', skipped: reason });
  }
  const unique = left.filter((l, i) => left.findIndex((o) => o.key === l.key) === i);
  const passed = failures.length === 0;
  const counts = `${send.length} requests, ${failures.length} with response violations, ${requestSide} expected request violations, ${unique.length} responses skipped`;
  return {
    stage: 'prism',
    status: passed ? 'passed' : 'failed',
    summary: `prism proxy ${level === 'strict' ? 'spec/openapi.yaml' : 'interface-level spec'} ${target.baseUrl}: ${counts}`,
    details: passed
      ? [...untested, ...notes, ...groupByReason(unique, 'not sent')]
      : [...failures, ...untested, ...notes],
    durationMs: Date.now() - started,
    cases,
    created,
    untested,
  };
}
