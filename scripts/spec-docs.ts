/**
 * The pages of docs/ generated from the spec: the rules page (every rule by id, with where
 * the spec states it) and the decisions page (how each gap of the interface is filled).
 */
import { nodeAt, type OpenApiDocument } from '../spec/document.ts';
import { listRules, type Rule } from '../spec/rules.ts';

const HEADER = (title: string) =>
  `# ${title}\n\n<!-- Generated from spec/openapi.yaml by \`npm run gen\`. Do not edit by hand: \`npm test\` fails when this page drifts from the spec. -->\n`;

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Where a rule sits, as a pointer readers can follow in spec/openapi.yaml. */
const where = (rule: Rule) => `\`${rule.element}\``;

/** What a decision adds: its keywords with their values, the whole element, or a behaviour. */
function added(document: OpenApiDocument, rule: Rule): string {
  if (rule.adds === undefined) return 'the whole element';
  if (rule.adds.length === 0) return 'behaviour';
  const element = nodeAt(document, rule.element) as Record<string, unknown>;
  return rule.adds
    .map((keyword) => `\`${keyword}: ${JSON.stringify(element[keyword])}\``)
    .join(', ');
}

/** docs/rules.md: the interface's rules, then the decisions, each by stable id. */
export function rulesPage(document: OpenApiDocument): string {
  const rules = listRules(document);
  const row = (rule: Rule) => `| \`${rule.id}\` | ${cell(rule.text)} | ${where(rule)} |`;
  return [
    HEADER('Rules of the Pet Store interface'),
    'Every rule has a stable id. A contract failure names the id of the rule it breaks and the',
    'JSON pointer where `spec/openapi.yaml` states it (the `x-rules` or `x-decision` entry on the',
    'element in the last column). The interface level checks the first table; `--level strict`',
    "adds the second, this project's decisions ([decisions.md](decisions.md) says why each was taken).",
    '',
    "## The interface's rules (every level)",
    '',
    '| id | rule | element |',
    '|---|---|---|',
    ...rules.filter((r) => r.level === 'interface').map(row),
    '',
    '## Decisions (`--level strict`)',
    '',
    '| id | rule | element |',
    '|---|---|---|',
    ...rules.filter((r) => r.level === 'strict').map(row),
    '',
  ].join('\n');
}

/** docs/decisions.md: each decision, what it adds to the spec, and why. */
export function decisionsPage(document: OpenApiDocument): string {
  const decisions = listRules(document).filter((r) => r.level === 'strict');
  return [
    HEADER("Decisions: how this project fills the interface's gaps"),
    'The interface leaves some things open ("not shown"). The mock fills each gap as below, and',
    'the contract suite checks these only at `--level strict`: a server that fills a gap another',
    'way still passes the default `interface` level.',
    '',
    'Each decision is an `x-decision` annotation on the element it concerns in',
    '`spec/openapi.yaml`: `{ id, why, adds?, rule? }`. `adds` lists the keywords of the element',
    'that are the decision; without `adds` the whole element is (a response, a header, a',
    'parameter); `adds: []` marks a behaviour stated in `rule`. The interface-level document is',
    'the spec with every decision removed (`documentAtLevel` in `spec/levels.ts`). An element',
    'carries one decision or a list of them. Client generators and API references skip `x-`',
    'annotations, so they read plain schemas ([typed-client.md](typed-client.md)).',
    '',
    '| id | adds | rule | why | element |',
    '|---|---|---|---|---|',
    ...decisions.map(
      (d) =>
        `| \`${d.id}\` | ${cell(added(document, d))} | ${cell(d.text === d.why ? '' : d.text)} | ${cell(d.why ?? '')} | ${where(d)} |`,
    ),
    '',
  ].join('\n');
}
