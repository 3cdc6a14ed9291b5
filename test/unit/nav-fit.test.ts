/** How many navigation items stay on the row (renderer/app/nav-fit.ts); the rest go under More. */
import { describe, expect, it } from 'vitest';
import { itemsThatFit } from '../../renderer/app/nav-fit.js';

describe('items that fit the navigation row', () => {
  const items = [100, 120, 200, 80, 110];
  it('all of them when they fit, without More', () => {
    expect(itemsThatFit({ items, more: 70, gap: 5, room: 630 })).toBe(5);
  });
  it('fewer, leaving room for More and its gap, when they do not', () => {
    // 100+5+120+5+200+5+80 = 515, + 5 + 70 = 590 fits 600; a fifth item would not.
    expect(itemsThatFit({ items, more: 70, gap: 5, room: 600 })).toBe(4);
    expect(itemsThatFit({ items, more: 70, gap: 5, room: 589 })).toBe(3);
  });
  it('none on the row when only More fits', () => {
    expect(itemsThatFit({ items, more: 70, gap: 5, room: 90 })).toBe(0);
  });
  it('all of them where nothing was measured (no layout engine)', () => {
    expect(itemsThatFit({ items, more: 70, gap: 5, room: 0 })).toBe(5);
    expect(itemsThatFit({ items: [0, 0], more: 0, gap: 0, room: 500 })).toBe(2);
  });
});
