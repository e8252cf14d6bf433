/**
 * The `petstore-contract` package's entry: runContract, the contract suite against one
 * server, with its options and result types.
 */
export type { ServerUnderTest } from './client/preflight.ts';
export { DEFAULT_SEED, DEPTHS, type Depth } from './run/depth.ts';
export {
  type AppFetch,
  type ContractOptions,
  type ContractResult,
  type ContractRun,
  type ContractVerdict,
  runContract,
  type StartedServer,
} from './run/run.ts';
