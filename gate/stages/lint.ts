/**
 * Stage 1 (off unless --openapi is given): the server's published OpenAPI document, read
 * from a URL or a file. It fails where the document departs from the interface (an
 * operation, a status, a field: openapi-compare.ts) and on Spectral `oas` errors; Spectral's
 * warnings are listed, not held against it. A document that cannot be read is no verdict.
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { boundedFetch } from '../../net/index.ts';
import { departures } from '../openapi-compare.ts';
import { lintWithOas } from '../spectral.ts';
import type { GateFinding, JUnitCase, StageResult } from '../stage.ts';
import { type StageContext, timeLeft } from '../stage-context.ts';

const isUrl = (source: string) => /^https?:\/\//i.test(source);

/** The document's text, from its URL (any 2xx) or its file. */
async function load(
  source: string,
  timeoutMs: number,
  reading: StageContext['reading'],
): Promise<string> {
  if (!isUrl(source)) return readFile(source, 'utf8');
  const response = await boundedFetch({
    timeoutMs,
    ...(reading.maxResponseBytes ? { bounds: { maxBodyBytes: reading.maxResponseBytes } } : {}),
    ...(reading.ca === undefined ? {} : { ca: reading.ca }),
  })(source);
  if (!response.ok) throw new Error(`GET ${source} answered ${response.status}`);
  return response.text();
}

/** Runs the lint stage on the document at `source` (a URL or a file path). */
export async function runLintStage(context: StageContext, source: string): Promise<StageResult> {
  const started = Date.now();
  const shown = isUrl(source) ? source : relative(process.cwd(), source) || source;
  const what = `the server's OpenAPI document ${shown} against the interface (operations, statuses, fields) and Spectral's oas ruleset`;
  const fail = (why: string): StageResult => ({
    stage: 'lint',
    status: 'no-verdict',
    summary: `${what}: no verdict: ${why}`,
    details: [],
    durationMs: Date.now() - started,
    findings: [],
    noVerdict: why,
    cases: [{ name: `read ${shown}`, className: 'lint', error: why }],
  });
  let text: string;
  try {
    const ms = Math.min(context.requestTimeoutMs, Math.max(1, timeLeft(context)));
    text = await load(source, ms, context.reading);
  } catch (error) {
    return fail(`could not read --openapi ${shown}: ${(error as Error).message}`);
  }
  const lines = new LineCounter();
  const parsed = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  const lineOf = (pointer: string): number | undefined => {
    const path = pointer
      .split('/')
      .slice(1)
      .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
    const node = path.length === 0 ? parsed.contents : parsed.getIn(path, true);
    const offset = (node as { range?: [number] } | undefined)?.range?.[0];
    return offset === undefined ? undefined : lines.linePos(offset).line;
  };
  const file = (pointer: string) => ({
    path: shown,
    line: isUrl(source) ? undefined : lineOf(pointer),
  });
  const findings: GateFinding[] = [];
  const notes: string[] = [];
  if (parsed.errors.length > 0) {
    const first = parsed.errors[0];
    findings.push({
      stage: 'lint',
      title: `${shown} is not valid JSON or YAML`,
      detail: [first?.message ?? ''],
      request: [],
      response: [],
      file: { path: shown },
    });
  } else {
    for (const d of departures(parsed.toJS())) {
      const line = lineOf(d.pointer);
      findings.push({
        stage: 'lint',
        title: d.title,
        detail: [d.detail, `at ${d.pointer || '/'}${line ? ` (line ${line})` : ''}`],
        request: [],
        response: [],
        file: file(d.pointer),
      });
    }
    for (const f of await lintWithOas(text, shown)) {
      const line = f.range ? f.range.start.line + 1 : undefined;
      const where = `${f.path.join('.') || '(document)'}${line ? ` (line ${line})` : ''}`;
      if (f.severity === 0)
        findings.push({
          stage: 'lint',
          title: `spectral ${f.code}: ${f.message}`,
          detail: [`at ${where}`],
          request: [],
          response: [],
          file: { path: shown, line },
        });
      else if (f.severity === 1)
        notes.push(`spectral warning ${f.code}: ${f.message} (at ${where})`);
    }
  }
  const cases: JUnitCase[] =
    findings.length === 0
      ? [
          {
            className: 'lint',
            name: `${shown} describes the interface's operations, statuses and fields`,
          },
        ]
      : findings.map((f) => ({
          className: 'lint',
          name: f.title,
          message: f.title,
          failure: [f.title, ...f.detail].join('\n'),
        }));
  const durationMs = Date.now() - started;
  for (const c of cases) c.durationMs = durationMs / cases.length;
  return {
    stage: 'lint',
    status: findings.length === 0 ? 'passed' : 'failed',
    summary: `${what}: ${findings.length === 0 ? 'no departure, no Spectral error' : `${findings.length} finding(s)`}${notes.length > 0 ? `, ${notes.length} Spectral warning(s)` : ''}`,
    details: notes,
    durationMs,
    findings,
    cases,
  };
}
