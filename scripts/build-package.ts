/** `npm run build` (and prepack): builds what the package ships into dist/. */
import { buildPackage } from '../build/package.ts';
import { runCommand } from './cli.ts';

const HELP = `Usage: npm run build

Builds what the package ships (npm pack and npm publish run it as prepack):
  dist/lib/        the ./node, ./browser and ./spec entries as JavaScript (esbuild)
  dist/types/      their declaration files (tsc -p tsconfig.build.json)
  dist/mock.mjs    petstore-mock, bundled with its dependencies, for plain node
  dist/contract.mjs  petstore-contract (vitest and fast-check stay outside)`;

runCommand({ name: 'build', help: HELP, flags: {} }, async () => {
  const started = Date.now();
  await buildPackage();
  console.log(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
});
