/**
 * What GitHub Actions shows of a run (GITHUB_ACTIONS=true): an `::error` workflow command per
 * finding, pointing at the file and line it concerns (the server's OpenAPI document, or the
 * place in the spec of the rule or response broken), so the findings show on the run's page.
 */
import { specLocation } from './spec-lines.ts';
import type { GateFinding } from './stage.ts';

/** A workflow command's message: `%`, CR and LF escaped (GitHub's toolkit does the same). */
const escapeData = (text: string) =>
  text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');

/** A workflow command's property value: also `:` and `,`. */
const escapeProperty = (text: string) =>
  escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');

/** The `::error` command of one finding (`::warning` for an app's departure reported apart). */
export function annotation(finding: GateFinding, level: 'error' | 'warning' = 'error'): string {
  const where =
    finding.file ??
    (finding.specPointer === undefined ? undefined : specLocation(finding.specPointer));
  const properties = [
    ...(where ? [`file=${escapeProperty(where.path)}`] : []),
    ...(where?.line === undefined ? [] : [`line=${where.line}`]),
    `title=${escapeProperty(`petstore-gate ${finding.stage}${finding.rule ? ` ${finding.rule}` : ''}`)}`,
  ];
  const message = [
    finding.title,
    ...finding.detail,
    ...(finding.curl ? ['Reproduce (export PETSTORE_API_KEY first):', finding.curl] : []),
  ].join('\n');
  return `::${level} ${properties.join(',')}::${escapeData(message)}`;
}

/** The `::error` command of a run without a verdict, saying why. */
export const noVerdictAnnotation = (why: string): string =>
  `::error title=${escapeProperty('petstore-gate: no verdict')}::${escapeData(why)}`;
