/**
 * Amounts for people in a locale's way (grouping, decimal sign), straight from the decimal string:
 * never through a JS number, so no digit is lost (a float would round 0.123456789012345678). The signs
 * come from Intl.NumberFormat(locale).formatToParts; the digits are the string's own.
 */
export function formatAmount(amount: string, locale: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return amount;
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const decimal =
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value ?? '.';
  // Grouping by the locale's own rule ("auto": es groups only from five digits, de/tr with ".", fr with a
  // narrow no-break space), applied to the whole part as a BigInt: exact at any length.
  const grouped = new Intl.NumberFormat(locale)
    .formatToParts(BigInt(whole))
    .map((p) => p.value)
    .join('');
  return `${negative ? '-' : ''}${grouped}${fraction ? decimal + fraction : ''}`;
}
