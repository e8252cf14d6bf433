/** `npm run gate`: the release gate; without --base-url it checks the project's mock. */
import type { StartTrafficProxy } from '../gate/traffic-types.ts';
import { startLocalMock } from '../mocks/node/local-mock.ts';
import { gateCommand } from './gate-command.ts';

// The mock's proxy, for --e2e only: loaded then.
const startProxy: StartTrafficProxy = async (options) =>
  (await import('../mocks/node/proxy/traffic.ts')).startTrafficProxy(options);

gateCommand('gate', startLocalMock, startProxy);
