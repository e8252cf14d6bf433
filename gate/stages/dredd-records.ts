/**
 * Turns what the Dredd hooks recorded (dredd-hooks.cjs, one JSON line per transaction) and
 * the plan into the stage's JUnit cases and findings: each planned transaction is a case,
 * passed, failed with Dredd's reasons and a curl, skipped with why, or without a verdict
 * (the server went away, the time ran out, Dredd could not send it or never ran it).
 */
import { readFile } from 'node:fs/promises';
import { exchangeFinding } from '../exchange-text.ts';
import type { RelayExchange } from '../relay.ts';
import { responsePointer } from '../spec-lines.ts';
import type { GateFinding, JUnitCase } from '../stage.ts';
import type { DreddPlan } from './dredd-plan.ts';

/** One line the hooks wrote. */
export type DreddRecord =
  | { kind: 'created' | 'listed'; status: number; id: string | null }
  | { kind: 'set-up'; error: string }
  | {
      kind: 'transaction';
      name: string;
      status: 'pass' | 'fail' | 'skip' | 'error';
      skip?: string;
      sent: { method: string; path: string; headers: Record<string, string>; body: string };
      label: string;
      message: string;
      real?: { status: number; headers: Record<string, string>; body: string };
    };

/** Reads the hooks' log (none when Dredd stopped before its first hook). */
export async function readDreddRecords(file: string): Promise<DreddRecord[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DreddRecord);
}

/**
 * Dredd lists body errors before the status; a wrong status explains the body errors after
 * it (a 200 where 401 was due has the body of a 200), so it leads.
 */
const statusFirst = (message: string): string[] => {
  const reasons = message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return [
    ...reasons.filter((r) => r.startsWith('statusCode:')),
    ...reasons.filter((r) => !r.startsWith('statusCode:')),
  ];
};

/** What the cases say, and what the stage makes of them. */
export type DreddCases = {
  cases: JUnitCase[];
  findings: GateFinding[];
  passed: number;
  skipped: number;
  /** Cases without a verdict. */
  open: number;
  untested: string[];
};

/**
 * One case per planned transaction. `notRun` says why a transaction without a record did not
 * run (the server went away, the time ran out); undefined: Dredd ended without running it.
 */
export function dreddCases(
  plan: DreddPlan,
  records: readonly DreddRecord[],
  server: { baseUrl: string; apiKey: string },
  notRun: string | undefined,
  faults: readonly RelayExchange[] = [],
): DreddCases {
  const basePath = new URL(plan.baseUrl).pathname.replace(/\/+$/, '');
  const out: DreddCases = { cases: [], findings: [], passed: 0, skipped: 0, open: 0, untested: [] };
  const byName = new Map(
    records.flatMap((r) => (r.kind === 'transaction' ? [[r.name, r] as const] : [])),
  );
  for (const [name, step] of Object.entries(plan.transactions)) {
    const className = `dredd.${step.key.split(' ')[0]}`;
    const label = 'label' in step ? ` (${step.label})` : '';
    const title = `${step.key}${label}`;
    const seen = byName.get(name);
    const skip =
      'skip' in step ? step.skip : seen?.status === 'skip' ? (seen.skip ?? 'skipped') : undefined;
    if (skip !== undefined) {
      out.skipped += 1;
      out.cases.push({ name: title, className, skipped: skip });
      if (/--read-only|--max-creates|no animal to read/.test(skip))
        out.untested.push(`${title}: ${skip}`);
      continue;
    }
    // A request Dredd could not send because the server's answer broke, again on a fresh
    // connection while the server answered otherwise: the server's transport fault.
    const fault =
      seen?.status === 'error'
        ? faults.find(
            (f) => f.method === seen.sent.method && f.path === `${basePath}${seen.sent.path}`,
          )
        : undefined;
    if (seen && fault?.fault) {
      const finding = exchangeFinding(
        'dredd',
        `${seen.sent.method} ${seen.sent.path}${label}: no whole answer (transport)`,
        [fault.fault],
        seen.sent,
        server,
        fault,
      );
      out.findings.push(finding);
      out.cases.push({
        name: title,
        className,
        message: finding.title,
        failure: [fault.fault, 'Reproduce:', finding.curl ?? ''].join('\n'),
      });
      continue;
    }
    if (seen === undefined || seen.status === 'error' || seen.status === 'skip') {
      out.open += 1;
      const why =
        seen === undefined
          ? (notRun ?? 'Dredd ended without running it (it reads OpenAPI 3.1 only partly)')
          : (notRun ?? `Dredd could not send it${seen.message ? `: ${seen.message}` : ''}`);
      out.cases.push({ name: title, className, error: `no verdict: ${why}` });
      continue;
    }
    const caseName = `${seen.sent.method} ${seen.sent.path} -> ${step.key.split(' ')[1]}${label}`;
    if (seen.status === 'pass') {
      out.passed += 1;
      out.cases.push({ name: caseName, className });
      continue;
    }
    const reasons = statusFirst(seen.message);
    const answered: Partial<RelayExchange> = seen.real
      ? { status: seen.real.status, headers: seen.real.headers, body: Buffer.from(seen.real.body) }
      : {};
    const finding = exchangeFinding(
      'dredd',
      `${caseName}: ${reasons[0] ?? 'failed'}${reasons.length > 1 ? ` (and ${reasons.length - 1} more)` : ''}`,
      reasons,
      seen.sent,
      server,
      answered as RelayExchange,
    );
    const [operationId = '', status = ''] = step.key.split(' ');
    finding.specPointer = responsePointer(operationId, Number(status));
    out.findings.push(finding);
    out.cases.push({
      name: caseName,
      className,
      message: finding.title,
      failure: [...reasons, 'Reproduce:', finding.curl ?? ''].join('\n'),
    });
  }
  return out;
}
