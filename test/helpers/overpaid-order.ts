/**
 * A till order of 7.5 USD paid in USDT by wallet (paid capped at 7.5), with `surplusAmount` sent beyond
 * it: the overpayment tests of the payment screens and the printable receipt start from it.
 */
import type { OrderStatus, OrderView } from '../../shared/posapi.js';

export function overpaidOrder(surplusAmount: string, status: OrderStatus = 'success'): OrderView {
  return {
    orderId: 'pd-7',
    traceId: 't',
    payeeId: 'p',
    quoteAssetId: 'usd',
    quoteSymbol: 'USD',
    quoteAmount: '7.5',
    note: '',
    status,
    instruction: {
      clientId: 'c',
      paymentAssetId: 'a',
      paymentSymbol: 'USDT',
      paymentAmount: '7.5',
      isChain: false,
      network: 'Ethereum',
      recipient: 'r',
      memo: 'm',
      destination: '',
      tag: '',
      expire: 0,
      seconds: 0,
      paymentUri: 'mixin://pay',
    },
    progress: {
      payableAmount: '7.5',
      paidAmount: '7.5',
      remainingAmount: '0',
      confirmations: -1,
      requiredConfirmations: 0,
      failureCode: '0',
      failureReason: '',
      expiredAt: 0,
      surplusAmount,
      settleStatus: '',
    },
    mismatch: '',
    createdAt: 0,
    updatedAt: 0,
    payBy: 0,
    history: [],
    cashierName: '',
  };
}
