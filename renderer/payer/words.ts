/** Shared wording helpers of the payer's pages: networks, apps, amounts and statuses in words. */
import { formatAmount, formatMoney, formatMoneyAmount } from '../../shared/i18n/format.js';
import { isLightning, networkLabel } from '../app/network.js';
import { hasPayerText, pt } from './text.js';

export { networkLabel };

/** Which wallet or app the QR opens, in words (a payer must know before scanning). */
export function appHint(network: string, isChain: boolean): string {
  if (isLightning(network)) return pt('invoiceApp');
  return isChain ? pt('chainApp', { network }) : pt('walletApp');
}

export function amountText(amount: string, locale: string): string {
  return formatAmount(amount, locale);
}

/** An amount with its symbol: a currency to its minor unit ("2.00 USD"), crypto as it is (shared/i18n/format.ts). */
export function moneyWords(amount: string, symbol: string, locale: string, places?: number): string {
  return formatMoney(amount, symbol, locale, places);
}

/** Why a payment failed, for the payer. */
export function failureWords(code: string, reason: string): string {
  const key = `failure_${code}`;
  return hasPayerText(key) ? pt(key) : reason || pt('status_failed');
}

/** The payer's language's locale for numbers and dates (i18n/payer-language.ts). */
export { payerLocale } from '../i18n/payer-language.js';

/** moneyWords' number alone, for messages that place the symbol themselves. */
export function moneyAmount(amount: string, symbol: string, locale: string, places?: number): string {
  return formatMoneyAmount(amount, symbol, locale, places);
}
