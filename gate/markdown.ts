/**
 * The gate's result as Markdown, for a person reading a CI page: GitHub's step summary
 * (`$GITHUB_STEP_SUMMARY`) or any CI's (--summary-md FILE). The verdict first, then the
 * stages, every finding with its request, response and curl, what was left out and why,
 * and the animals the run left on the server.
 */
import { idRangesText } from '../contract-tests/report/id-ranges.ts';
import type { Level } from '../spec/levels.ts';
import { causesLine, type Tie, tiesToContract } from './causes.ts';
import { findingText } from './exchange-text.ts';
import { animalsLeft } from './json-result.ts';
import type { GateReport } from './run-gate.ts';
import type { GateFinding, StageResult } from './stage.ts';
import { STATUS_WORDS } from './summary.ts';
import type { GateVerdict } from './verdict.ts';
import { leftOut } from './verdict.ts';

/** Text for a table cell: pipes escaped, one line. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const fence = (text: string, lang = '') => {
  const ticks = text.includes('```') ? '````' : '```';
  return `${ticks}${lang}\n${text}\n${ticks}`;
};

function findingSection(finding: GateFinding, n: number, tie: Tie | undefined): string[] {
  const heading = `${n}. **${finding.stage}**${finding.rule ? ` \`${finding.rule}\`` : ''}: ${cell(finding.title)}`;
  const same = tie
    ? [
        `   The same cause as contract finding ${tie.number} (\`${tie.rule}\`), seen again here: not a second fault.`,
      ]
    : [];
  const where = finding.file
    ? [`   In \`${finding.file.path}\`${finding.file.line ? ` line ${finding.file.line}` : ''}.`]
    : [];
  const body = findingText(finding).slice(1).join('\n');
  return [
    heading,
    ...same,
    ...where,
    '',
    '   <details><summary>What was seen, the request, the response</summary>',
    '',
    fence(body),
    '',
    '   </details>',
    '',
    ...(finding.curl
      ? ['   Reproduce (export PETSTORE_API_KEY first):', '', fence(finding.curl, 'sh'), '']
      : []),
  ];
}

/** The traffic stage's coverage table, and the app's departures, reported apart. */
function trafficSections(result: StageResult): string[] {
  const lines: string[] = [];
  const coverage = result.coverage;
  if (coverage) {
    lines.push(
      `### Coverage of the app's traffic: ${coverage.met} of ${coverage.documented} documented responses (${coverage.percent} %)`,
      '',
      `${coverage.exchanges} exchange(s) in ${coverage.sessions} session(s).`,
      '',
      '| operation | answered by the backend | documented statuses met | not met | other statuses | rules judged |',
      '|---|---|---|---|---|---|',
      ...coverage.operations.map(
        (row) =>
          `| ${row.operation} | ${row.requests} | ${row.met.join(', ') || '-'} | ${row.documented.filter((s) => !row.met.includes(s)).join(', ') || '-'} | ${row.undocumented.join(', ') || '-'} | ${row.rules.length > 0 ? cell(row.rules.join(', ')) : '-'} |`,
      ),
      '',
    );
  }
  const app = result.appFindings ?? [];
  if (app.length > 0) {
    lines.push(
      `### The app's departures (${app.length}): ${result.appFindingsFail ? 'they fail the stage (--e2e-client strict)' : 'reported apart, not the server’s (--e2e-client strict fails on them)'}`,
      '',
    );
    app.forEach((f, i) => {
      lines.push(...findingSection(f, i + 1, undefined));
    });
  }
  return lines;
}

/** The Markdown summary of a run. */
export function gateMarkdown(
  report: GateReport,
  verdict: GateVerdict,
  versions: { gate: string; interface: string },
  level: Level,
): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const findings = report.results.flatMap((r) => r.findings);
  const missing = leftOut(report.results);
  const skipped = report.results.filter((r) => r.status === 'skipped');
  const open = report.results.filter((r) => r.status === 'no-verdict');
  const animals = animalsLeft(report);
  const lines = [
    `## petstore-gate: ${verdict.words} (exit ${verdict.code})`,
    '',
    // NOT CONFORMANT: the causes behind the findings say what their count would.
    ...(verdict.code === 1
      ? [`${causesLine(report.results, level)}.`, '']
      : verdict.why
        ? [`${cell(verdict.why)}`, '']
        : []),
    `Server \`${report.baseUrl}\` at ${level} level, interface ${versions.interface}, petstore-gate ${versions.gate}, ${seconds(report.totalMs)}.`,
    '',
    '| stage | result | time | what was checked |',
    '|---|---|---|---|',
    ...report.results.map(
      (r) =>
        `| ${r.stage} | ${STATUS_WORDS[r.status]} | ${r.status === 'skipped' ? '-' : seconds(r.durationMs)} | ${cell(r.summary)} |`,
    ),
    '',
  ];
  if (open.length > 0) {
    lines.push('### No verdict', '');
    for (const r of open) lines.push(`- **${r.stage}**: ${cell(r.noVerdict ?? r.summary)}`);
    lines.push('');
  }
  if (findings.length > 0) {
    const ties = tiesToContract(report.results, level);
    lines.push(`### Findings (${findings.length})`, '');
    findings.forEach((f, i) => {
      lines.push(...findingSection(f, i + 1, ties.get(f)));
    });
  }
  for (const r of report.results) lines.push(...trafficSections(r));
  if (missing.length > 0 || skipped.length > 0) {
    lines.push('### Left out', '');
    for (const r of skipped) lines.push(`- **${r.stage}** stage: ${cell(r.summary)}`);
    for (const line of missing.filter((m) => !/skipped by --skip/.test(m)))
      lines.push(`- ${cell(line)}`);
    lines.push('');
  }
  lines.push(
    '### Animals left on the server',
    '',
    animals.count === 0
      ? 'None.'
      : `${animals.count}: ${Object.entries(animals.byStage)
          .map(
            ([stage, s]) =>
              `${stage} ${s.count}${s.ids.length > 0 ? ` (ids ${idRangesText(s.ids)})` : ''}`,
          )
          .join(
            '; ',
          )}. The gate's own are named \`petstore-gate-${report.runId}-*\`; the JSON result (\`--json\`) lists every id.`,
    '',
  );
  return lines.join('\n');
}
