import { expect, it } from 'vitest';
import { inFlightLimit } from './in-flight.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

it('runs at most the given number of tasks at once, the rest in the order they came', async () => {
  const limited = inFlightLimit(3);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      limited(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        return i * 2;
      }),
    ),
  );
  expect(most).toBe(3);
  expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
});

it('gives the place back when a task fails', async () => {
  const limited = inFlightLimit(1);
  await expect(limited(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  await expect(limited(async () => 'next')).resolves.toBe('next');
});

it('runs fewer at once once lowered, never fewer than one', async () => {
  const limited = inFlightLimit(3);
  expect([limited.lower(), limited.lower(), limited.lower()]).toEqual([2, 1, 1]);
  let running = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: 4 }, () =>
      limited(async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
      }),
    ),
  );
  expect(most).toBe(1);
});

it('runs a task given first before every task still waiting', async () => {
  const limited = inFlightLimit(1);
  const order: string[] = [];
  const task = (name: string) => async () => {
    order.push(name);
    await tick();
  };
  await Promise.all([
    limited(task('running')),
    limited(task('queued')),
    limited(task('again'), true),
  ]);
  expect(order).toEqual(['running', 'again', 'queued']);
});
