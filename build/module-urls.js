// An esbuild plugin for bundles of the project's own modules: each module keeps its own
// `import.meta.url`, the file it was built from, found relative to the bundle. So
// `new URL('./assets/', import.meta.url)` in mocks/node/landing/landing.ts still names the
// folder beside that source file, in the checkout and in an installed package alike,
// instead of a folder beside the bundle that does not exist.
import { readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

const LOADERS = { '.ts': 'ts', '.js': 'js', '.mjs': 'js', '.cjs': 'js' };

/**
 * Creates the plugin for bundles written into `outdir`, rewriting modules under `root` (not
 * under node_modules). `mirror` is where the files under `root` sit beside the bundle once
 * shipped (default: `root` itself, for a bundle used in the checkout); a package's build
 * copies the files read at run time there.
 */
export function keepModuleUrls({ root, outdir, mirror = root }) {
  return {
    name: 'keep-module-urls',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        if (!args.path.startsWith(root) || args.path.includes(`${sep}node_modules${sep}`)) {
          return undefined;
        }
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.')) return undefined;
        const other = /import\.meta\.(dirname|filename|resolve)\b/.exec(source);
        if (other) {
          return {
            errors: [{ text: `${other[0]} would name the bundle: use import.meta.url` }],
          };
        }
        const shipped = join(mirror, relative(root, args.path));
        const where = relative(outdir, shipped).split(sep).join('/');
        const own = `new URL(${JSON.stringify(where)}, import.meta.url).href`;
        return {
          contents: source.replaceAll('import.meta.url', own),
          loader: LOADERS[extname(args.path)] ?? 'js',
        };
      });
    },
  };
}
