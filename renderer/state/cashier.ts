/**
 * The cashier's local state (zustand): which screen, the amount being typed, the open order (kept in
 * the page's storage, so a reload comes back to it), a leave that waits for the cashier's answer while
 * a payment is open, and notices of orders paid in the background.
 */
import { create } from 'zustand';
import type { ConnectionView } from '../../shared/posapi.js';

export type Screen =
  | 'charge'
  | 'payment'
  | 'receipt'
  | 'orders'
  | 'setup'
  | 'owner'
  | 'staff'
  | 'audit'
  /** Selling with a cart (screens/cart/), and a cart sale's receipt. */
  | 'cart'
  | 'sale'
  | 'shift'
  | 'catalogue';

export interface CashierState {
  screen: Screen;
  /** The amount as typed on the keypad: digits and at most one '.'. */
  amount: string;
  /** The last digit typed did not fit (MAX_DIGITS): the amount entry says so instead of dropping it silently. */
  amountFull: boolean;
  quoteAssetId: string;
  paymentAssetId: string;
  isChain: boolean;
  note: string;
  orderId: string | null;
  connection: ConnectionView;
  go(screen: Screen): void;
  press(key: string): void;
  setAmount(amount: string): void;
  setQuote(assetId: string): void;
  setPayment(assetId: string): void;
  setChain(isChain: boolean): void;
  setNote(note: string): void;
  openOrder(orderId: string): void;
  newSale(): void;
  setConnection(connection: ConnectionView): void;
  /** True while the Payment screen shows an order the payer may still pay. */
  paymentOpen: boolean;
  setPaymentOpen(open: boolean): void;
  /** Where the cashier asked to go while a payment is open: asked first (App's LeaveDialog). */
  pendingLeave: { screen: Screen; newSale: boolean } | null;
  /** Goes, or asks first while a payment is open. */
  leave(screen: Screen, newSale?: boolean): void;
  confirmLeave(): void;
  cancelLeave(): void;
  notices: { orderId: string; text: string }[];
  notify(orderId: string, text: string): void;
  dismiss(orderId: string): void;
  /** The cart sale whose receipt is on screen. */
  saleId: string | null;
  openSale(saleId: string): void;
}

const OPEN_ORDER_KEY = 'paydesk.openOrder';

function remembered(): string | null {
  try {
    return globalThis.localStorage?.getItem(OPEN_ORDER_KEY) ?? null;
  } catch {
    return null;
  }
}

function remember(orderId: string | null): void {
  try {
    if (orderId) globalThis.localStorage?.setItem(OPEN_ORDER_KEY, orderId);
    else globalThis.localStorage?.removeItem(OPEN_ORDER_KEY);
  } catch {
    // No storage: a reload starts on Charge.
  }
}

export const MAX_DIGITS = 16;

const restored = remembered();

export const useCashier = create<CashierState>((set, get) => ({
  screen: restored ? 'payment' : 'charge',
  amount: '',
  amountFull: false,
  quoteAssetId: '',
  paymentAssetId: '',
  isChain: false,
  note: '',
  orderId: restored,
  connection: { online: true, queued: 0, lastContactAt: 0 },
  go: (screen) => set({ screen }),
  press: (key) =>
    set((s) => {
      if (key === 'Backspace') return { amount: s.amount.slice(0, -1), amountFull: false };
      if (key === 'Clear') return { amount: '', amountFull: false };
      if (key === '.')
        return s.amount.includes('.') ? s : { amount: s.amount === '' ? '0.' : `${s.amount}.`, amountFull: false };
      if (!/^\d$/.test(key)) return s;
      if (s.amount.replace('.', '').length >= MAX_DIGITS) return { amountFull: true };
      if (s.amount === '0') return { amount: key };
      return { amount: s.amount + key };
    }),
  setAmount: (amount) => set({ amount, amountFull: false }),
  setQuote: (quoteAssetId) => set({ quoteAssetId }),
  setPayment: (paymentAssetId) => set({ paymentAssetId }),
  setChain: (isChain) => set({ isChain }),
  setNote: (note) => set({ note }),
  openOrder: (orderId) => {
    remember(orderId);
    set({ orderId, screen: 'payment' });
  },
  newSale: () => {
    remember(null);
    set({ amount: '', amountFull: false, note: '', orderId: null, screen: 'charge', paymentOpen: false });
  },
  setConnection: (connection) => set({ connection }),
  paymentOpen: false,
  setPaymentOpen: (paymentOpen) => set({ paymentOpen }),
  pendingLeave: null,
  leave: (screen, newSale = false) => {
    const s = get();
    if (s.screen === 'payment' && s.paymentOpen) return set({ pendingLeave: { screen, newSale } });
    if (newSale) s.newSale();
    else s.go(screen);
  },
  confirmLeave: () => {
    const s = get();
    const target = s.pendingLeave;
    set({ pendingLeave: null, paymentOpen: false });
    if (!target) return;
    remember(null);
    if (target.newSale) s.newSale();
    else s.go(target.screen);
  },
  cancelLeave: () => set({ pendingLeave: null }),
  notices: [],
  notify: (orderId, text) =>
    set((s) => ({ notices: [...s.notices.filter((n) => n.orderId !== orderId), { orderId, text }] })),
  dismiss: (orderId) => set((s) => ({ notices: s.notices.filter((n) => n.orderId !== orderId) })),
  saleId: null,
  openSale: (saleId) => set({ saleId, screen: 'sale' }),
}));
