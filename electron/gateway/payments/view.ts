/**
 * The payment object as clients read it (docs/api.md, "Creating a payment"): the answer of a create,
 * a refresh and GET /v1/payments_info, for one instruction of a payment.
 */
import type { Payment } from '../../../shared/wire.js';
import type { Catalog } from '../catalog.js';
import type { InstructionRow, PaymentRow } from './store.js';

export type PaymentTerms = Pick<PaymentRow, 'payee_id' | 'trace_id' | 'quote_asset_id' | 'quote_amount' | 'order_id'>;

export function paymentView(
  catalog: Catalog,
  mode: 'sandbox' | 'live',
  payment: PaymentTerms,
  instruction: InstructionRow,
): Payment {
  const asset = catalog.asset(instruction.payment_asset_id, mode) ?? catalog.assets.get(instruction.payment_asset_id);
  const settlement = catalog.assets.get(instruction.settlement_asset_id);
  const quote = catalog.quoteAsset(payment.quote_asset_id, mode);
  const view: Payment = {
    isChain: instruction.is_chain === 1,
    expire: instruction.expire,
    seconds: instruction.seconds,
    payeeId: payment.payee_id,
    traceId: payment.trace_id,
    clientId: instruction.client_id,
    paymentAssetId: instruction.payment_asset_id,
    paymentAssetSymbol: asset?.symbol ?? '',
    paymentAmount: instruction.payment_amount,
    settlementAssetId: instruction.settlement_asset_id,
    settlementAssetSymbol: settlement?.symbol ?? '',
    estimatedSettlementAmount: instruction.estimated_settlement_amount,
    quoteAssetId: payment.quote_asset_id,
    quoteAssetSymbol: quote?.symbol ?? payment.quote_asset_id.toUpperCase(),
    quoteAmount: payment.quote_amount,
    memo: instruction.memo,
    recipient: instruction.recipient,
    destination: instruction.destination,
    tag: instruction.tag,
  };
  if (payment.order_id) view.orderId = payment.order_id;
  return view;
}
