/** Shared wording helpers of the payer's pages: networks, apps, amounts and statuses in words. */
import { formatAmount } from '../app/format.js';
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

/** Why a payment failed, for the payer. */
export function failureWords(code: string, reason: string): string {
  const key = `failure_${code}`;
  return hasPayerText(key) ? pt(key) : reason || pt('status_failed');
}

/** The payer's language's locale for numbers and dates (i18n/payer-language.ts). */
export { payerLocale } from '../i18n/payer-language.js';
