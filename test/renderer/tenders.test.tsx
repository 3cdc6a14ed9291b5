/** The Pay step's tender checks: a typed cash or card that is no amount, or a card above the total, is said. */
import { describe, expect, it } from 'vitest';
import { split, tenderProblem } from '../../renderer/screens/cart/TenderPanel.js';

describe('tenders at the Pay step', () => {
  it('says what is wrong instead of reading it as nothing or cutting it down', () => {
    expect(tenderProblem('', '', '3.64')).toBe('');
    expect(tenderProblem('5', '', '3.64')).toBe('');
    expect(tenderProblem('-3', '', '3.64')).toMatch(/^Cash received: type an amount/);
    expect(tenderProblem('abc', '', '3.64')).toMatch(/^Cash received/);
    expect(tenderProblem('', '50', '3.64')).toMatch(/card amount is more than the total/);
    expect(tenderProblem('', '3.64', '3.64')).toBe('');
  });

  it('splits cash and card against the total: change, and the rest for crypto', () => {
    expect(split('10.24', '5', '0')).toMatchObject({ cashPart: '5', change: '0', rest: '5.24' });
    expect(split('2', '20', '0')).toMatchObject({ cashPart: '2', change: '18', rest: '0' });
    expect(split('10', '0', '4')).toMatchObject({ cardPart: '4', rest: '6' });
  });
});
