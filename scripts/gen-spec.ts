/**
 * Generates, from spec/openapi.yaml: spec/types.gen.ts (openapi-typescript), spec/document.gen.ts
 * (the parsed document, importable in Node and in the browser), spec/rules.gen.ts (the rule ids),
 * spec/openapi.interface.yaml (the interface level) and the pages docs/rules.md and docs/decisions.md. With --check it writes nothing and exits 1
 * when any of them has drifted.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse, stringify } from 'yaml';
import type { OpenApiDocument } from '../spec/document.ts';
import { documentAtLevel } from '../spec/levels.ts';
import { listRules } from '../spec/rules.ts';
import { runCommand } from './cli.ts';
import { decisionsPage, rulesPage } from './spec-docs.ts';

const HELP = `Usage: tsx scripts/gen-spec.ts [--check]

Regenerates spec/types.gen.ts, spec/document.gen.ts, spec/rules.gen.ts,
spec/openapi.interface.yaml, docs/rules.md and docs/decisions.md from spec/openapi.yaml.
  --check     compare instead of writing; exit 1 if the committed files drifted
  -h, --help  show this text`;

const root = new URL('../', import.meta.url);
const HEADER = '// Generated from spec/openapi.yaml by `npm run gen`. Do not edit by hand.\n';

async function generate(): Promise<Record<string, string>> {
  const yamlText = await readFile(new URL('spec/openapi.yaml', root), 'utf8');
  const types = astToString(await openapiTS(yamlText));
  const document = parse(yamlText) as OpenApiDocument;
  const ids = [...new Set(listRules(document).map((rule) => rule.id))];
  return {
    'spec/types.gen.ts': `${HEADER}${types}`,
    'spec/document.gen.ts': `${HEADER}import type { OpenApiDocument } from './document-type.ts';\n\n/** The parsed OpenAPI document, as data. */\nexport const openapiDocument: OpenApiDocument = ${JSON.stringify(document, null, 2)};\n`,
    'spec/rules.gen.ts': `${HEADER}\n/** The stable id of a rule of the spec (x-rules and x-decision ids). */\nexport type RuleId =\n${ids.map((id) => `  | '${id}'`).join('\n')};\n`,
    'spec/openapi.interface.yaml': `# Generated from spec/openapi.yaml by \`npm run gen\`: the interface level, every x-decision removed.\n# Do not edit by hand.\n${stringify(documentAtLevel('interface', document), { lineWidth: 0 })}`,
    'docs/rules.md': rulesPage(document),
    'docs/decisions.md': decisionsPage(document),
  };
}

runCommand(
  { name: 'gen-spec', help: HELP, flags: { check: { type: 'boolean' } } },
  async (values) => {
    const files = await generate();
    let drifted = false;
    for (const [name, content] of Object.entries(files)) {
      const url = new URL(name, root);
      if (values.check) {
        const current = await readFile(url, 'utf8').catch(() => '');
        if (current !== content) {
          drifted = true;
          console.error(
            `${name} is out of date with spec/openapi.yaml: run \`npm run gen\` and commit it.`,
          );
        }
      } else {
        await writeFile(url, content);
        console.log(`wrote ${fileURLToPath(url)}`);
      }
    }
    if (drifted) return 1;
    if (values.check) console.log(`${Object.keys(files).join(', ')} match spec/openapi.yaml`);
    return 0;
  },
);
