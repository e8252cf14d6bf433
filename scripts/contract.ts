/** `npm run contract`: the contract suite; without --base-url it tests the project's mock. */
import { contractCommand } from './contract-command.ts';

// The mock is imported only when it is started: msw and its interceptors are a tenth of a
// second of CPU a run against another server would pay for nothing.
contractCommand(async () => {
  const { startLocalMock } = await import('../mocks/node/local-mock.ts');
  return startLocalMock();
});
