/**
 * How many of the navigation's items fit on its one row: the rest go under More (NavItems.tsx). Widths are
 * measured with every item shown (and More), once per set of labels, so a language with long words and a
 * narrow window keep the row, and the sale below it, where they are. Pure, so it is tested without a browser.
 */

export interface RowMeasure {
  /** Each item's width, in order. */
  items: readonly number[];
  /** The More button's width. */
  more: number;
  /** The gap between two items. */
  gap: number;
  /** The room the row has. */
  room: number;
}

/** The number of items shown on the row; all of them when the row has no room measured (no layout engine). */
export function itemsThatFit({ items, more, gap, room }: RowMeasure): number {
  if (room <= 0 || items.every((w) => w === 0)) return items.length;
  const widthOf = (count: number) => items.slice(0, count).reduce((sum, w) => sum + w, 0) + gap * (count - 1);
  // Half a pixel of slack: measured widths are fractional.
  if (widthOf(items.length) <= room + 0.5) return items.length;
  let count = items.length - 1;
  while (count > 0 && widthOf(count) + gap + more > room + 0.5) count -= 1;
  return count;
}
