/**
 * Why a refund amount as typed cannot be asked for, in words beside its field ('' when it can): not a
 * positive number ("-1", "abc", "1.2.3"), zero, or more decimal places than the chosen unit takes. The
 * gateway checks the rest (more than is left, too little at a rate); its refusal shows beside the button.
 */
import { decimalPlaces, isPositive } from '../../../shared/money.js';
import { formatAmount, minorUnit } from '../../../shared/i18n/format.js';
import { t } from '../../app/text.js';

/**
 * Decimal places when the unit's own are not known: the most any asset of the network takes (amounts
 * carry at most 8), so nothing valid is refused here; the gateway refuses finer ones with its reason.
 */
export const FALLBACK_PLACES = 8;

export interface AmountUnit {
  /** Shown in the message: the asset's symbol or the quote currency's. */
  symbol: string;
  places: number;
}

/** Places of a unit: the gateway's list when it named the asset, else ISO 4217's minor unit, else the fallback. */
export function placesOf(known: Readonly<Record<string, number>>, assetId: string, symbol: string): number {
  return known[assetId.toLowerCase()] ?? minorUnit(symbol) ?? FALLBACK_PLACES;
}

/** `amount` is the typed text with a decimal comma already read as a point (decimalTyped). */
export function refundAmountProblem(amount: string, unit: AmountUnit, locale: string): string {
  // Digits with an optional fraction, as the PosApi takes it: "-1", "abc", "1.2.3", "+1" and "1." are not.
  if (!/^\d+(\.\d+)?$/.test(amount)) return t('refundAmountNotNumber', { example: formatAmount('2.5', locale) });
  if (!isPositive(amount)) return t('refundAmountZero');
  // Canonical places: "1.50" in USD has 1, so trailing zeros are never "too many".
  if (decimalPlaces(amount) > unit.places) return t('refundAmountPlaces', { unit: unit.symbol, places: unit.places });
  return '';
}
