/** `npm run build [-- NAME…]` (and each package's prepack): builds what the packages ship. */
import { buildPackage, PACKAGES, type PackageName } from '../build/package.ts';
import { listFlag, runCommand } from './cli.ts';

const HELP = `Usage: npm run build [-- --package NAME]...

Builds what each package ships into packages/NAME/dist/ (npm pack runs it as each
workspace's prepack): the bundles, the sources they read at run time, and the types.
  petstore-mock      ./node, ./browser and ./spec with their types, the petstore-mock command
  petstore-contract  runContract with its types, the petstore-contract command
  petstore-gate      the petstore-gate command
Without --package, all three.`;

const flags = { package: { type: 'string', multiple: true } } as const;

runCommand({ name: 'build', help: HELP, flags }, async (values) => {
  const names: PackageName[] =
    values.package === undefined ? [...PACKAGES] : listFlag('package', values.package, PACKAGES);
  for (const name of names) {
    const started = Date.now();
    await buildPackage(name);
    console.log(`built packages/${name}/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return 0;
});
