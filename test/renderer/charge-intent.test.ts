/**
 * The rules of a Charge pressed before "Pay with" has the list for the typed amount (charge-intent.ts):
 * kept while the list loads, charged once it says the chosen asset can pay, dropped when the sale changes
 * under it, refused with the reason when the asset cannot pay, no asset can, the list failed or the amount
 * has a problem.
 */
import { describe, expect, it } from 'vitest';
import {
  intentOf,
  intentStep,
  methodFits,
  type AssetList,
  type SaleNow,
} from '../../renderer/screens/charge/charge-intent.js';
import type { PaymentAssetView } from '../../shared/posapi.js';
import { paymentAsset } from './charge-fixtures.js';

const btc = paymentAsset({ assetId: 'btc', symbol: 'BTC', network: 'Bitcoin' });
const usdt = paymentAsset({});
const ready = (...assets: PaymentAssetView[]): AssetList => ({ state: 'ready', assets });
const loading: AssetList = { state: 'loading' };

const sale = (over: Partial<SaleNow> = {}): SaleNow => ({
  quoteAssetId: 'usd',
  quoteAmount: '12.5',
  problem: '',
  paymentAssetId: 'btc',
  isChain: false,
  list: loading,
  ...over,
});

describe('a Charge kept while "Pay with" loads the list for the amount', () => {
  const intent = intentOf(sale(), 'BTC');

  it('waits while the list loads, and charges once it says the picked asset can pay', () => {
    expect(intentStep(intent, sale())).toEqual({ step: 'wait' });
    expect(intentStep(intent, sale({ list: ready(usdt, btc) }))).toEqual({ step: 'charge' });
  });

  it('is dropped when the amount, the currency or the picked asset changes before the list arrives', () => {
    expect(intentStep(intent, sale({ quoteAmount: '12' }))).toEqual({ step: 'drop' });
    expect(intentStep(intent, sale({ quoteAmount: '' }))).toEqual({ step: 'drop' });
    expect(intentStep(intent, sale({ quoteAssetId: 'eur' }))).toEqual({ step: 'drop' });
    expect(intentStep(intent, sale({ paymentAssetId: 'usdt' }))).toEqual({ step: 'drop' });
    expect(intentStep(intent, sale({ paymentAssetId: 'usdt', list: ready(usdt, btc) }))).toEqual({ step: 'drop' });
  });

  it('is refused, naming the asset, when the list says the picked asset cannot pay this amount or lacks it', () => {
    const outside = paymentAsset({ ...btc, usable: false, reason: 'BTC cannot pay this amount (outside its limits)' });
    const why = { step: 'refuse', why: { kind: 'asset', symbol: 'BTC' } };
    expect(intentStep(intent, sale({ list: ready(usdt, outside) }))).toEqual(why);
    // "Pay with" has already moved to a usable one by itself: still refused, not charged with USDT.
    expect(intentStep(intent, sale({ list: ready(usdt, outside), paymentAssetId: 'usdt' }))).toEqual(why);
    expect(intentStep(intent, sale({ list: ready(usdt) }))).toEqual(why);
  });

  it('is refused when the list fails (offline) or the amount turns out to have a problem', () => {
    expect(intentStep(intent, sale({ list: { state: 'failed' } }))).toEqual({ step: 'refuse', why: { kind: 'list' } });
    expect(intentStep(intent, sale({ problem: 'At most 100000 USD' }))).toEqual({
      step: 'refuse',
      why: { kind: 'amount' },
    });
  });

  it('with nothing picked yet, charges the asset "Pay with" picks by itself, once the method fits it', () => {
    const none = intentOf(sale({ paymentAssetId: '' }), '');
    const chainOnly = paymentAsset({ ...btc, walletSupported: false });
    expect(intentStep(none, sale({ paymentAssetId: '' }))).toEqual({ step: 'wait' });
    expect(intentStep(none, sale({ paymentAssetId: '', list: ready(chainOnly) }))).toEqual({ step: 'wait' });
    expect(intentStep(none, sale({ list: ready(chainOnly) }))).toEqual({ step: 'wait' });
    expect(intentStep(none, sale({ list: ready(chainOnly), isChain: true }))).toEqual({ step: 'charge' });
  });

  it('is refused when no asset can pay this amount', () => {
    const none = intentOf(sale({ paymentAssetId: '' }), '');
    const outside = paymentAsset({ usable: false, reason: 'outside' });
    expect(intentStep(none, sale({ paymentAssetId: '', list: ready(outside) }))).toEqual({
      step: 'refuse',
      why: { kind: 'no-asset' },
    });
    expect(intentStep(none, sale({ paymentAssetId: '', list: ready() }))).toEqual({
      step: 'refuse',
      why: { kind: 'no-asset' },
    });
  });

  it('charges nothing without an amount: the amount is the problem', () => {
    const now = sale({ quoteAmount: '', problem: 'Enter an amount', list: ready(btc) });
    expect(intentStep(intentOf(now, 'BTC'), now)).toEqual({ step: 'refuse', why: { kind: 'amount' } });
  });
});

describe('methodFits (what "Pay with" settles on)', () => {
  it('wallet where wallets are taken, on chain where the asset is, an invoice for Lightning', () => {
    expect(methodFits(usdt, false)).toBe(true);
    expect(methodFits(usdt, true)).toBe(true);
    expect(methodFits(paymentAsset({ walletSupported: false }), false)).toBe(false);
    expect(methodFits(paymentAsset({ onChainSupported: false }), true)).toBe(false);
    expect(methodFits(paymentAsset({ network: 'Lightning', symbol: 'BTC' }), true)).toBe(true);
    expect(methodFits(paymentAsset({ network: 'Lightning', symbol: 'BTC' }), false)).toBe(false);
  });
});
