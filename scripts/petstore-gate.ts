/**
 * `petstore-gate`, the installed release gate: checks the server at --base-url; with --e2e it
 * runs the app's tests through the mock's proxy (which the package carries for that stage,
 * loaded only then).
 */
import type { StartTrafficProxy } from '../gate/traffic-types.ts';
import { gateCommand } from './gate-command.ts';

const startProxy: StartTrafficProxy = async (options) =>
  (await import('../mocks/node/proxy/traffic.ts')).startTrafficProxy(options);

gateCommand('petstore-gate', undefined, startProxy);
