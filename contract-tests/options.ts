/**
 * The options of one contract run, passed from scripts/contract.ts to the suite
 * through environment variables (vitest workers inherit them).
 */
import type { Level } from '../spec/levels.ts';

/** What the suite needs to know about the server under test and the run. */
export type ContractOptions = {
  baseUrl: string;
  apiKey: string;
  level: Level;
  /** A category the server accepts for valid creations. */
  categoryId: number | bigint;
  readOnly: boolean;
  seed: number;
  runs: number;
  /** Unique prefix of the names of the pets this run creates. */
  runId: string;
  /** JSON-lines file receiving `{operation, status}` of every exchange, or undefined. */
  logFile: string | undefined;
};

/** The environment variable of each option. */
export const ENV = {
  baseUrl: 'PETSTORE_BASE_URL',
  apiKey: 'PETSTORE_API_KEY',
  level: 'PETSTORE_CONTRACT_LEVEL',
  categoryId: 'PETSTORE_CONTRACT_CATEGORY_ID',
  readOnly: 'PETSTORE_CONTRACT_READ_ONLY',
  seed: 'PETSTORE_CONTRACT_SEED',
  runs: 'PETSTORE_CONTRACT_RUNS',
  runId: 'PETSTORE_CONTRACT_RUN_ID',
  logFile: 'PETSTORE_CONTRACT_LOG',
} as const;

/** Reads the options from an environment; throws naming the variable when one is missing. */
export function readOptions(env: NodeJS.ProcessEnv = process.env): ContractOptions {
  const baseUrl = env[ENV.baseUrl];
  const apiKey = env[ENV.apiKey];
  if (!baseUrl || !apiKey)
    throw new Error(
      `${ENV.baseUrl} and ${ENV.apiKey} must be set; run the suite with npm run contract`,
    );
  const category = env[ENV.categoryId] ?? '1';
  const categoryId = Number.isSafeInteger(Number(category)) ? Number(category) : BigInt(category);
  return {
    baseUrl,
    apiKey,
    level: env[ENV.level] === 'strict' ? 'strict' : 'interface',
    categoryId,
    readOnly: env[ENV.readOnly] === '1',
    seed: Number(env[ENV.seed] ?? 1),
    runs: Number(env[ENV.runs] ?? 20),
    runId: env[ENV.runId] ?? `ct${Date.now().toString(36)}`,
    logFile: env[ENV.logFile] || undefined,
  };
}
