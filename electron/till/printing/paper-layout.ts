/**
 * Label/value lines laid out for a paper of N characters (32, 42, 48...): the value to the right when both
 * fit on one line, else the label on its own line(s) and the value right-aligned under it. An amount is
 * never cut or wrapped in the middle unless it alone is wider than the paper.
 */
import type { ReceiptLine } from './receipt-facts.js';

/** Breaks text into pieces of at most `columns` characters, at spaces where it can. */
export function wrap(text: string, columns: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > columns) {
    const space = rest.lastIndexOf(' ', columns);
    const at = space > 0 ? space : columns;
    out.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  out.push(rest);
  return out;
}

export function layoutLine(line: ReceiptLine, columns: number): string[] {
  const { label, value } = line;
  if (value === '') return wrap(label, columns);
  if (label.length + 1 + value.length <= columns)
    return [label + ' '.repeat(columns - label.length - value.length) + value];
  const values = wrap(value, columns).map((piece) => piece.padStart(columns));
  return [...(label ? wrap(label, columns) : []), ...values];
}

export function layoutLines(lines: ReceiptLine[], columns: number): string[] {
  return lines.flatMap((line) => layoutLine(line, columns));
}
