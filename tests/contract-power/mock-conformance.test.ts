/**
 * The local mock passes the contract suite at both levels, at the default depth and seed
 * (the checkout's CLI, `npm run contract`, without --base-url starts it on a random port).
 */
import { expect, it } from 'vitest';
import { runCheckoutContractCli } from './run-cli.ts';

for (const level of ['interface', 'strict'] as const) {
  it(`passes the mock at ${level} level`, async () => {
    // The default depth and seed: what `npm run contract` does.
    const { code, output } = await runCheckoutContractCli(['--level', level]);
    expect(code, output.split('\n').slice(-80).join('\n')).toBe(0);
    expect(output).toContain('CONFORMANT: every check passed.');
  }, 180_000);
}

// A category id above 2^53 reaches every request body exactly (it is written losslessly,
// never through JSON.stringify, which throws on a bigint).
it('passes the mock at strict level with a category id above 2^53', async () => {
  const { code, output } = await runCheckoutContractCli([
    '--level',
    'strict',
    '--category-id',
    '9007199254740993',
  ]);
  expect(code, output.split('\n').slice(-80).join('\n')).toBe(0);
  expect(output).toContain('CONFORMANT: every check passed.');
}, 180_000);
