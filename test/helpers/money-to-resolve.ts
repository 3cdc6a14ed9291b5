/**
 * The money to resolve of a successful USDT order of 10 USD that was overpaid (priced at 1 USD), as the
 * refund screens' renderer tests show it: `received` USDT came, the surplus is what is left to resolve.
 */
import type { MoneyToResolve } from '../../shared/wire-refunds.js';

export const USDT = { assetId: '4d8c508b-91c5-375b-92b0-ee702ed2dac5', symbol: 'USDT' };

export function overpaidUsdt(received: string, surplus: string): MoneyToResolve {
  return {
    traceId: 't',
    orderId: 'o',
    status: 'success',
    failureCode: '0',
    quoteAssetId: 'usd',
    quoteAmount: '10',
    paymentAssetId: USDT.assetId,
    received: [{ ...USDT, amount: received }],
    items: [{ ...USDT, amount: surplus, reason: 'surplus' }],
    refunded: [],
    kept: [],
    toResolve: [{ ...USDT, amount: surplus }],
    refundable: [{ ...USDT, amount: received }],
    originalPrice: '1',
    todayPrice: '1',
  };
}
