/**
 * Generates spec/types.gen.ts (openapi-typescript) and spec/document.gen.ts (the
 * parsed document, importable in Node and in the browser) from spec/openapi.yaml.
 * With --check it writes nothing and exits 1 when either file has drifted.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { runCommand } from './cli.ts';

const HELP = `Usage: tsx scripts/gen-spec.ts [--check]

Regenerates spec/types.gen.ts and spec/document.gen.ts from spec/openapi.yaml.
  --check     compare instead of writing; exit 1 if the committed files drifted
  -h, --help  show this text`;

const root = new URL('../spec/', import.meta.url);
const HEADER = '// Generated from spec/openapi.yaml by `npm run gen`. Do not edit by hand.\n';

async function generate(): Promise<Record<string, string>> {
  const yamlText = await readFile(new URL('openapi.yaml', root), 'utf8');
  const types = astToString(await openapiTS(yamlText));
  const document = parse(yamlText);
  return {
    'types.gen.ts': `${HEADER}${types}`,
    'document.gen.ts': `${HEADER}import type { OpenApiDocument } from './document-type.ts';\n\n/** The parsed OpenAPI document, as data. */\nexport const openapiDocument: OpenApiDocument = ${JSON.stringify(document, null, 2)};\n`,
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
            `spec/${name} is out of date with spec/openapi.yaml: run \`npm run gen\` and commit it.`,
          );
        }
      } else {
        await writeFile(url, content);
        console.log(`wrote ${fileURLToPath(url)}`);
      }
    }
    if (drifted) return 1;
    if (values.check)
      console.log('spec/types.gen.ts and spec/document.gen.ts match spec/openapi.yaml');
    return 0;
  },
);
