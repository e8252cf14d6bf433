/** The mock started on a port for one run, for tests that run the suite or the gate (and its proxy, for --e2e). */
export { type LocalMock, startLocalMock } from '../node/local-mock.ts';
export { startTrafficProxy } from '../node/proxy/traffic.ts';
export { startMockServer } from '../node/server.ts';
