/**
 * CSV cells a spreadsheet would run as formulas are neutralised with a leading apostrophe (OWASP
 * "CSV injection"; README, "The owner's day review"): every dangerous first character, while plain
 * numbers (also signed ones, as amounts and offsets are) stay numbers.
 */
import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from '../../electron/till/owner/csv.js';

describe('spreadsheetSafe', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+cmd|" /C calc"!A0', `'+cmd|" /C calc"!A0`],
    ['-2+3+cmd', "'-2+3+cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
  ])('neutralises %j', (cell, safe) => {
    expect(spreadsheetSafe(cell)).toBe(safe);
  });

  it.each(['12.50', '-3', '+4.25', '0', 'table 4 - window', 'Café', ''])('leaves %j as it is', (cell) => {
    expect(spreadsheetSafe(cell)).toBe(cell);
  });
});
