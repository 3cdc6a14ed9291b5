/**
 * Amounts for people in a locale's way (grouping, decimal sign), straight from the decimal string:
 * never through a JS number, so no digit is lost (a float would round 0.123456789012345678). The signs
 * come from Intl.NumberFormat(locale).formatToParts; the digits are the string's own.
 */
export function formatAmount(amount: string, locale: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return amount;
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const decimal = decimalSign(locale);
  // Grouping by the locale's own rule ("auto": es groups only from five digits, de/tr with ".", fr with a
  // narrow no-break space), applied to the whole part as a BigInt: exact at any length.
  const grouped = new Intl.NumberFormat(locale)
    .formatToParts(BigInt(whole))
    .map((p) => p.value)
    .join('');
  return `${negative ? '-' : ''}${grouped}${fraction ? decimal + fraction : ''}`;
}

/** The locale's decimal sign ("." in en, "," in de and fr): what the keypad shows; amounts keep ".". */
export function decimalSign(locale: string): string {
  return (
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value ?? '.'
  );
}

/**
 * An amount as typed into a field, with a decimal comma (de, fr: "2,5") read as the point amounts are
 * kept with ("2.5"); every amount field and the keypad agree on this one rule.
 */
export function decimalTyped(text: string): string {
  return text.replace(',', '.');
}

let isoCurrencies: Set<string> | undefined;

/**
 * The minor unit of an ISO 4217 currency (2 for USD and EUR, 0 for JPY, 3 for KWD), from Intl; undefined
 * for anything else (crypto assets keep the precision their amounts carry).
 */
export function minorUnit(symbol: string): number | undefined {
  isoCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  if (!isoCurrencies.has(symbol)) return undefined;
  return new Intl.NumberFormat('en', { style: 'currency', currency: symbol }).resolvedOptions().maximumFractionDigits;
}

/** Pads the fraction with zeros to `places` digits; never cuts a digit (no rounding, no float). */
export function padPlaces(amount: string, places: number): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return amount;
  const [whole = '0', fraction = ''] = amount.split('.');
  return places > fraction.length ? `${whole}.${fraction.padEnd(places, '0')}` : amount;
}

/**
 * The one way an amount with its symbol is written for people: a currency to its minor unit ("2.00 USD",
 * "1,234.50 USD"; `places` when the caller knows the shop's own, else ISO 4217's), a crypto amount as
 * it is ("12.5 USDT"), in the locale's number format. The value stays a decimal string throughout.
 */
export function formatMoney(amount: string, symbol: string, locale: string, places?: number): string {
  return `${formatMoneyAmount(amount, symbol, locale, places)} ${symbol}`.trim();
}

/** formatMoney's number alone, for messages that place the symbol themselves ("{amount} {symbol}"). */
export function formatMoneyAmount(amount: string, symbol: string, locale: string, places?: number): string {
  const unit = places ?? minorUnit(symbol);
  return formatAmount(unit === undefined ? amount : padPlaces(amount, unit), locale);
}
