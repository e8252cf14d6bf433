/** `petstore-contract`, the installed contract suite: tests the server at --base-url. */
import { contractCommand } from './contract-command.ts';

contractCommand();
