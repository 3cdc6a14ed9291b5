/**
 * What a payer sent in all, beside what was counted toward the order (docs/api.md, "Amounts and surplus":
 * paid is capped at what was due, and paid + surplusAmount is what the payer sent). One rule for every
 * place that shows it: the till's payment screens and receipt, the paper and the customer display.
 */
import { add, isDecimalText, isPositive } from './money.js';

/** Everything received (`paid` + `surplus`) and the surplus; `more` is '' when nothing beyond what was due came. */
export function receivedInAll(paid: string, surplus: string): { received: string; more: string } {
  if (!isDecimalText(paid) || !isDecimalText(surplus) || !isPositive(surplus)) return { received: paid, more: '' };
  return { received: add(paid, surplus), more: surplus };
}
