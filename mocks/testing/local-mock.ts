/** The mock started on a port for one run, for tests that run the suite or the gate. */
export { type LocalMock, startLocalMock } from '../node/local-mock.ts';
export { startMockServer } from '../node/server.ts';
