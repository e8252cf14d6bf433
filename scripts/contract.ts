/** `npm run contract`: the contract suite; without --base-url it tests the project's mock. */
import { startLocalMock } from '../mocks/node/local-mock.ts';
import { contractCommand } from './contract-command.ts';

contractCommand(() => startLocalMock());
