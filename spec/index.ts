/**
 * The package's `./spec` entry: the Pet Store OpenAPI document as data, at either contract
 * level, and the types generated from it. The YAML files themselves are the package's
 * `spec/openapi.yaml` (strict level) and `spec/openapi.interface.yaml` (interface level).
 */
export { type Json, type OpenApiDocument, openapiDocument } from './document.ts';
export { type Decision, documentAtLevel, type Level, listDecisions } from './levels.ts';
export { listRules, type Rule, type RuleId } from './rules.ts';
export type { components, operations, paths } from './types.gen.ts';
export type { ErrorBody, NewPet, OperationId, Pet, PetStatus } from './types.ts';
