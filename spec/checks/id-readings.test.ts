import { expect, it } from 'vitest';
import { idReadings } from './id-readings.ts';

const read = (text: string) => [...idReadings(text)].sort();

it('reads plain, padded and signed decimal ids as their number', () => {
  expect(read('12')).toEqual(['12']);
  expect(read(' 1')).toEqual(['1']);
  expect(read('1 ')).toEqual(['1']);
  expect(read('+1')).toEqual(['1']);
  expect(read('-3')).toEqual(['-3']);
});

it('reads a leading zero as decimal or octal, and hex, as frameworks do', () => {
  expect(read('010')).toEqual(['10', '8']);
  expect(read('0x10')).toEqual(['16']);
  expect(read('1_0')).toEqual(['10']);
});

it('reads digits of other scripts as their values', () => {
  expect(read('\u0661\u0662')).toEqual(['12']);
  expect(read('\u0967\u0966')).toEqual(['10']);
});

it('reads whole numbers in decimal notation, never a truncated fraction', () => {
  expect(read('1e2')).toEqual(['100']);
  expect(read('2.0')).toEqual(['2']);
  expect(read('1.5')).toEqual([]);
});

it('reads letters and empty text as no number', () => {
  expect(read('abc')).toEqual([]);
  expect(read('')).toEqual([]);
  expect(read('1a')).toEqual([]);
});
