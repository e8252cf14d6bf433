import { expect, it } from 'vitest';
import { CreateBudgetSpent, createBudget } from './budget.ts';

const post = { method: 'POST', path: '/pets' };
const get = { method: 'GET', path: '/pets?limit=1' };

it('lets through as many POSTs as the budget holds, then refuses the next', () => {
  const budget = createBudget(2);
  budget.take(post);
  budget.take(post);
  // Outside a contract test (here, and in a set-up hook) the refusal is an error to report as a skip.
  expect(() => budget.take(post)).toThrow(CreateBudgetSpent);
  expect(() => budget.take(post)).toThrow('needs more creations than --max-creates 2 allows');
});

it('counts GETs never, and gives the place of a refused POST back', () => {
  const budget = createBudget(1);
  for (let i = 0; i < 5; i++) budget.take(get);
  budget.take(post);
  budget.settle(post, { status: 400 });
  budget.take(post);
  // A 201 or a 5xx may have stored an animal: the place stays taken.
  budget.settle(post, { status: 500 });
  expect(() => budget.take(post)).toThrow(CreateBudgetSpent);
});

it('is unbounded without a maximum, and takes nothing at 0', () => {
  const open = createBudget(undefined);
  for (let i = 0; i < 1000; i++) open.take(post);
  expect(() => createBudget(0).take(post)).toThrow(CreateBudgetSpent);
});

it('keeps each later theme its share, and lets a theme use what the earlier ones left', () => {
  const budget = createBudget(9, ['a', 'b', 'c']);
  // a may take 9 - 2 * 3 = 3 places.
  for (let i = 0; i < 3; i++) budget.take(post, 'a');
  expect(() => budget.take(post, 'a')).toThrow('(6 kept for the checks that follow)');
  // b takes 2 and leaves one: c gets its 3 and the one b left.
  budget.take(post, 'b');
  budget.take(post, 'b');
  for (let i = 0; i < 4; i++) budget.take(post, 'c');
  expect(() => budget.take(post, 'c')).toThrow(CreateBudgetSpent);
});
