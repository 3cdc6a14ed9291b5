/**
 * The cart being rung up (zustand): its lines (catalogue items or custom amounts), quantities, line and
 * order discounts, and the tip. Prices are decimal strings; the totals come from shared/cart/price.ts.
 */
import { create } from 'zustand';
import type { CartInput, CartLineInput, Discount, TipChoice } from '../../shared/cart/types.js';
import type { ItemView } from '../../shared/posapi-sales.js';

export interface CartLine extends CartLineInput {
  /** Stable within the cart (the same item added twice is one line with quantity 2). */
  key: string;
}

export interface CartState {
  lines: CartLine[];
  orderDiscount: Discount | undefined;
  tip: TipChoice;
  addItem(item: ItemView): void;
  addCustom(amount: string, name: string): void;
  setQuantity(key: string, quantity: number): void;
  setLineDiscount(key: string, discount: Discount | undefined): void;
  setOrderDiscount(discount: Discount | undefined): void;
  setTip(tip: TipChoice): void;
  clear(): void;
  /** Who the cart is being rung up for; '' before anyone signed in. */
  heldBy: string;
  /** At a sign-in: the cart stays with the same person, and starts empty for anyone else. */
  holdFor(accountId: string): void;
}

let customCount = 0;

export const useCart = create<CartState>((set) => ({
  heldBy: '',
  holdFor: (accountId) =>
    set((s) =>
      s.heldBy === accountId ? s : { heldBy: accountId, lines: [], orderDiscount: undefined, tip: { kind: 'none' } },
    ),
  lines: [],
  orderDiscount: undefined,
  tip: { kind: 'none' },
  addItem: (item) =>
    set((s) => {
      const key = `item:${item.itemId}`;
      const known = s.lines.find((l) => l.key === key);
      if (known)
        return { lines: s.lines.map((l) => (l === known ? { ...l, quantity: Math.min(l.quantity + 1, 9999) } : l)) };
      const line: CartLine = {
        key,
        itemId: item.itemId,
        name: item.name,
        unitPrice: item.price,
        quantity: 1,
        taxRate: item.taxRate,
      };
      return { lines: [...s.lines, line] };
    }),
  addCustom: (amount, name) =>
    set((s) => ({
      lines: [...s.lines, { key: `custom:${(customCount += 1)}`, name, unitPrice: amount, quantity: 1, taxRate: '0' }],
    })),
  setQuantity: (key, quantity) =>
    set((s) => ({
      lines:
        quantity <= 0
          ? s.lines.filter((l) => l.key !== key)
          : s.lines.map((l) => (l.key === key ? { ...l, quantity: Math.min(quantity, 9999) } : l)),
    })),
  setLineDiscount: (key, discount) =>
    set((s) => ({
      lines: s.lines.map((l) => {
        if (l.key !== key) return l;
        const { discount: _old, ...rest } = l;
        return discount ? { ...rest, discount } : rest;
      }),
    })),
  setOrderDiscount: (orderDiscount) => set({ orderDiscount }),
  setTip: (tip) => set({ tip }),
  clear: () => set({ lines: [], orderDiscount: undefined, tip: { kind: 'none' } }),
}));

/** The cart as the PosApi and the arithmetic take it. */
export function cartInput(s: Pick<CartState, 'lines' | 'orderDiscount' | 'tip'>): CartInput {
  return {
    lines: s.lines.map(({ key: _key, ...line }) => line),
    ...(s.orderDiscount ? { orderDiscount: s.orderDiscount } : {}),
    tip: s.tip,
  };
}
