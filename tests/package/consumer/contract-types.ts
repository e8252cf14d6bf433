// A TypeScript consumer of the installed petstore-contract, type-checked by tsc with strict
// settings and NodeNext resolution (the @ts-expect-error line proves the types are real).
import { type ContractOptions, type ContractResult, runContract } from 'petstore-contract';

const options: ContractOptions = {
  server: { baseUrl: 'https://staging.example/v1', apiKey: 'a key' },
  level: 'interface',
  junitFile: 'reports/contract.xml',
};

export async function gate(): Promise<boolean> {
  const result: ContractResult = await runContract(options);
  return result.verdict === 'passed';
}

// @ts-expect-error the level is interface or strict
export const lenient: ContractOptions = { level: 'lenient' };
