/** The bundle's path, dist/mock.mjs. */
export declare const BUNDLE: string;
/** Returns the bundle's path, building it first when it is missing or stale. */
export declare function ensureMockBundle(): Promise<string>;
