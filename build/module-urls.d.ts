import type { Plugin } from 'esbuild';

/** Creates the plugin for bundles written into `outdir`, rewriting modules under `root`. */
export declare function keepModuleUrls(options: { root: string; outdir: string }): Plugin;
