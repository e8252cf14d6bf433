/** `npm run gate`: the release gate; without --base-url it checks the project's mock. */
import { startLocalMock } from '../mocks/node/local-mock.ts';
import { gateCommand } from './gate-command.ts';

gateCommand('gate', startLocalMock);
