/** A shop-currency amount for people: to the currency's minor unit ("2.40 USD"), grouped for the locale. */
import { toFixedPlaces } from '../../shared/money.js';
import { formatAmount } from './format.js';

export function moneyText(amount: string, places: number, locale: string, symbol: string): string {
  return `${formatAmount(toFixedPlaces(amount, places), locale)} ${symbol}`;
}
