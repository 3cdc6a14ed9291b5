/** Amounts for people: grouped and with the locale's decimal sign, never through a float (shared/i18n/format.ts). */
export { decimalSign, decimalTyped, formatAmount } from '../../shared/i18n/format.js';

export function formatTime(ms: number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(ms),
  );
}

export function formatDateTime(ms: number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(ms));
}

/** Decimal places of a typed amount ("12.5" -> 1). */
export function placesOf(amount: string): number {
  return amount.includes('.') ? amount.split('.')[1]!.length : 0;
}

/** Compares two non-negative decimal strings without floats. */
export function compareAmounts(a: string, b: string): number {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const wa = aw.replace(/^0+(?=\d)/, '');
  const wb = bw.replace(/^0+(?=\d)/, '');
  if (wa.length !== wb.length) return wa.length < wb.length ? -1 : 1;
  if (wa !== wb) return wa < wb ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, '0');
  const fb = bf.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}
