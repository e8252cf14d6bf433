/** The bounded reader of another server's bytes, as the suite, the gate's relay and the mock's proxy import it. */
export * from './body-reader.ts';
export * from './bounded-fetch.ts';
export * from './bounded-request.ts';
export * from './bounds.ts';
export * from './pace.ts';
export * from './stale-connection.ts';
export * from './tls.ts';
