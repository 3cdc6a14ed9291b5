/**
 * What is wrong with the typed amount for the chosen quote currency, in words ('' when nothing):
 * its digits and limits come from the gateway's quote asset list (docs/api.md, "Asset lists").
 */
import type { QuoteAssetView } from '../../../shared/posapi.js';
import { compareAmounts, formatAmount, placesOf } from '../../app/format.js';
import { t } from '../../app/text.js';

/** The typed amount without a trailing decimal point ("12." is 12 while typing). */
export function typedValue(amount: string): string {
  return amount.replace(/\.$/, '');
}

export function amountProblem(amount: string, quoteAsset: QuoteAssetView | undefined, locale = 'en-US'): string {
  if (!amount || compareAmounts(typedValue(amount), '0') === 0) return t('enterAmount');
  if (!quoteAsset) return '';
  const value = typedValue(amount);
  if (placesOf(value) > quoteAsset.decimalDigit)
    return t('amountDigits', { digits: quoteAsset.decimalDigit, symbol: quoteAsset.symbol });
  if (compareAmounts(value, quoteAsset.minQuoteAmount) < 0)
    return t('amountMin', { min: formatAmount(quoteAsset.minQuoteAmount, locale), symbol: quoteAsset.symbol });
  if (compareAmounts(value, quoteAsset.maxQuoteAmount) > 0)
    return t('amountMax', { max: formatAmount(quoteAsset.maxQuoteAmount, locale), symbol: quoteAsset.symbol });
  return '';
}
