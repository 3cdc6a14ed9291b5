/** The cashier's local state (zustand): which screen, the amount being typed, the open order. */
import { create } from 'zustand';
import type { ConnectionView } from '../../shared/posapi.js';

export type Screen = 'charge' | 'payment' | 'receipt' | 'orders' | 'setup' | 'owner';

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
  /** The owner's session token while the owner area is open; never persisted. */
  ownerToken: string | null;
  setOwnerToken(token: string | null): void;
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
  ownerToken: null,
  setOwnerToken: (ownerToken) => set({ ownerToken }),
  // Leaving the owner area locks it, so the cashier never finds it open.
  go: (screen) => set((s) => ({ screen, ownerToken: screen === 'owner' ? s.ownerToken : null })),
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
  newSale: () => set({ amount: '', note: '', orderId: null, screen: 'charge', ownerToken: null }),
  setConnection: (connection) => set({ connection }),
}));
