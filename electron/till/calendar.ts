/** Shop days: the calendar day of an instant, and the instants a day spans, in the shop's time zone (DST included). */

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayOf(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
}

/** [start, end) in ms of a calendar day in a time zone. */
export function dayRange(day: string, timeZone: string): [number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const offsetAt = (utcMs: number): number => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(utcMs));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - utcMs;
  };
  const startGuess = Date.UTC(y, m - 1, d);
  const start = startGuess - offsetAt(startGuess);
  const endGuess = Date.UTC(y, m - 1, d + 1);
  const end = endGuess - offsetAt(endGuess);
  return [start, end];
}
