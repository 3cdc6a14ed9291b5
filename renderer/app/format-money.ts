/** A shop-currency amount for people: to the currency's minor unit ("2.40 USD"), grouped for the locale. */
import { toFixedPlaces } from '../../shared/money.js';
import { formatMoney } from '../../shared/i18n/format.js';

export { formatMoney };

export function moneyText(amount: string, places: number, locale: string, symbol: string): string {
  return formatMoney(toFixedPlaces(amount, places), symbol, locale, places);
}
