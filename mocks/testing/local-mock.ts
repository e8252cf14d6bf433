/** The mock started on a random port for one run, for tests that run the suite or the gate. */
export { type LocalMock, startLocalMock } from '../node/local-mock.ts';
