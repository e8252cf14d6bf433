import type { Plugin } from 'esbuild';

/** Creates the plugin for bundles written into `outdir`, their sources shipped under `mirror`. */
export declare function keepModuleUrls(options: {
  root: string;
  outdir: string;
  mirror?: string;
}): Plugin;
