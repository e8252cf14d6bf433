/** `petstore-gate`, the installed release gate: checks the server at --base-url. */
import { gateCommand } from './gate-command.ts';

gateCommand('petstore-gate');
