import { describe, expect, it } from 'vitest';
import { cell, toCsv } from './csv.ts';

describe('CSV formula guard (it once missed some prefixes)', () => {
  it('defuses every prefix a spreadsheet runs: = + - @ tab and carriage return', () => {
    for (const bad of ['=1+1', '+1+1', '-1+cmd|calc', '@SUM(A1)', '\t=1', '\r=1']) expect(cell(bad).replace(/^"/, '')).toMatch(/^'/);
  });

  it('leaves plain negative amounts and ordinary text alone', () => {
    expect(cell('-10.00')).toBe('-10.00');
    expect(cell('-5')).toBe('-5');
    expect(cell('deposit')).toBe('deposit');
    expect(toCsv([['a', '-1.50']])).toBe('\uFEFFa,-1.50\r\n');
  });
});
