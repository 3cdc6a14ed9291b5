/** The cashier's local state (zustand): which screen, the amount being typed, the open order. */
import { create } from 'zustand';
import type { ConnectionView } from '../../shared/posapi.js';

export type Screen = 'charge' | 'payment' | 'receipt' | 'orders' | 'setup' | 'owner' | 'staff' | 'audit';

export interface CashierState {
  screen: Screen;
  /** The amount as typed on the keypad: digits and at most one '.'. */
  amount: string;
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
}

const MAX_DIGITS = 16;

export const useCashier = create<CashierState>((set) => ({
  screen: 'charge',
  amount: '',
  quoteAssetId: '',
  paymentAssetId: '',
  isChain: false,
  note: '',
  orderId: null,
  connection: { online: true, queued: 0, lastContactAt: 0 },
  go: (screen) => set({ screen }),
  press: (key) =>
    set((s) => {
      if (key === 'Backspace') return { amount: s.amount.slice(0, -1) };
      if (key === 'Clear') return { amount: '' };
      if (key === '.') return s.amount.includes('.') ? s : { amount: s.amount === '' ? '0.' : `${s.amount}.` };
      if (!/^\d$/.test(key) || s.amount.replace('.', '').length >= MAX_DIGITS) return s;
      if (s.amount === '0') return { amount: key };
      return { amount: s.amount + key };
    }),
  setAmount: (amount) => set({ amount }),
  setQuote: (quoteAssetId) => set({ quoteAssetId }),
  setPayment: (paymentAssetId) => set({ paymentAssetId }),
  setChain: (isChain) => set({ isChain }),
  setNote: (note) => set({ note }),
  openOrder: (orderId) => set({ orderId, screen: 'payment' }),
  newSale: () => set({ amount: '', note: '', orderId: null, screen: 'charge' }),
  setConnection: (connection) => set({ connection }),
}));
