/**
 * Selling with a cart (README, "Selling with a cart"): the main process prices the cart again under
 * the shop's rules (docs/cart-arithmetic.md), checks the tenders add up, sends only the crypto part to
 * the gateway (as an order of the order book, written ahead like any other), then writes the sale with
 * its lines and tenders in one transaction. A refused crypto part leaves no sale behind.
 */
import { priceCart } from '../../../shared/cart/price.js';
import type { PricedCart } from '../../../shared/cart/types.js';
import { add, compare, isPositive, isZero, parseAmount, subtract } from '../../../shared/money.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { CheckoutArgs, SaleView, TenderView } from '../../../shared/posapi-sales.js';
import { GatewayUnreachable } from '../link/gateway-client.js';
import type { Args, TillParts } from '../parts.js';
import { saleView, type StoredSale } from '../sales/book.js';
import { displayCart, tipProblem } from '../sales/counter-display.js';
import { checkCheckoutAmounts } from '../sales/amount-rules.js';
import { approveDiscounts, discountsOf } from '../sales/discounts.js';
import { callerActor } from '../staff/area.js';
import type { DisplayCart } from '../../../shared/posapi-counter.js';
import { createOrder, ownOrderOrThrow } from './charge.js';
import { posError } from '../../../shared/pos-error.js';

/** The shop currency's symbol and minor unit; offline, its id and 2 digits. */
export async function currencyOf(till: TillParts, quoteAssetId: string): Promise<{ symbol: string; places: number }> {
  try {
    const quote = (await till.catalog.quotes()).find((q) => q.assetId === quoteAssetId);
    if (quote) return { symbol: quote.symbol, places: quote.decimalDigit };
  } catch (error) {
    if (!(error instanceof GatewayUnreachable)) throw error;
  }
  return { symbol: quoteAssetId.toUpperCase(), places: 2 };
}

/** Cash and card as tenders, checked against the total; answers them and what is left for crypto. */
export function tendersOf(args: CheckoutArgs, total: string): { tenders: TenderView[]; rest: string } {
  const tenders: TenderView[] = [];
  if (args.cash && isPositive(args.cash.amount)) {
    const amount = parseAmount(args.cash.amount);
    const tendered = parseAmount(args.cash.tendered);
    if (compare(tendered, amount) < 0) throw posError('cash_short', {}, 'cash');
    tenders.push({ kind: 'cash', amount, tendered, change: subtract(tendered, amount), reference: '' });
  }
  if (args.card && isPositive(args.card.amount))
    tenders.push({
      kind: 'card',
      amount: parseAmount(args.card.amount),
      tendered: '',
      change: '',
      reference: args.card.reference,
    });
  const applied = add('0', ...tenders.map((t) => t.amount));
  if (compare(applied, total) > 0) throw posError('tender_over_total', { total }, 'cash');
  const rest = subtract(total, applied);
  if (isPositive(rest) && !args.crypto) throw posError('still_due', { rest }, 'crypto');
  return { tenders, rest };
}

/**
 * A catalogue item is sold at the catalogue's price, tax rate and name, whatever the page sent: the page
 * holds the PosApi token, so a cashier's own script could otherwise ring up an item at 0.01.
 */
export function fromCatalogue(till: TillParts, cart: CheckoutArgs['cart']): CheckoutArgs['cart'] {
  const lines = cart.lines.map((line, i) => {
    if (!line.itemId) return line;
    const item = till.items.get(line.itemId);
    if (!item) throw posError('item_deleted_in_cart', { itemId: line.itemId }, `cart.lines.${i}`);
    return { ...line, name: item.name, unitPrice: item.price, taxRate: item.taxRate };
  });
  return { ...cart, lines };
}

function pricedOrRefused(till: TillParts, args: CheckoutArgs, places: number): PricedCart {
  const rules = till.sales.get();
  if (!rules.tipsEnabled && args.cart.tip && args.cart.tip.kind !== 'none') throw posError('tips_off', {}, 'cart');
  checkCheckoutAmounts(args, places);
  const priced = priceCart(fromCatalogue(till, args.cart), {
    taxMode: rules.taxMode,
    rounding: rules.rounding,
    places,
  });
  // A tip is at most the sale itself (README, "Tips"): 1000 on a 10.00 sale is a slip of the finger.
  const tipTooHigh = args.cart.tip ? tipProblem(args.cart.tip, priced.saleTotal, places) : undefined;
  if (tipTooHigh) throw posError(tipTooHigh.key, { field: 'cart.tip', ...tipTooHigh.params }, 'cart.tip');
  return priced;
}

/** A cash or card sale's end on the customer display: the cart, what was paid, the change. */
function saleEnd(sale: SaleView): DisplayCart {
  const of = (kind: TenderView['kind']) => sale.tenders.find((t) => t.kind === kind);
  return displayCart(sale.priced, sale.symbol, {
    stage: 'paid',
    cash: of('cash')?.amount ?? '0',
    card: of('card')?.amount ?? '0',
    change: of('cash')?.change ?? '0',
  });
}

/** sale.checkout */
export async function checkout(till: TillParts, args: Args<'sale.checkout'>, caller: PosCaller): Promise<SaleView> {
  const currency = till.settings.stored().quoteAssetId;
  const { symbol, places } = await currencyOf(till, currency);
  const priced = pricedOrRefused(till, args, places);
  const { tenders, rest } = tendersOf(args, priced.total);
  const discounts = discountsOf(args.cart, priced);
  const approver = approveDiscounts(discounts, till.sales.get().discountLimit, args.approval, {
    staffed: till.staff.roster().length > 0,
    approve: (approval) => till.staff.approveWithPin(approval.accountId, approval.pin),
    self: caller.account && caller.account.role !== 'cashier' ? callerActor(caller) : null,
  });
  let orderId = '';
  if (!isZero(rest) && args.crypto) {
    const order = await createOrder(
      till,
      { quoteAssetId: currency, quoteAmount: rest, ...args.crypto, ...(args.note ? { note: args.note } : {}) },
      caller,
    );
    orderId = order.orderId;
    tenders.push({ kind: 'crypto', amount: rest, tendered: '', change: '', reference: orderId });
  }
  const now = till.deps.clock.now();
  const saleId = `sl-${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}-${till.deps.ids.token(5).slice(-10)}`;
  till.saleBook.insert(
    {
      sale_id: saleId,
      created_at: now,
      cashier_id: caller.account?.accountId ?? '',
      cashier_name: caller.account?.name ?? '',
      currency,
      symbol,
      subtotal: priced.subtotal,
      discount_total: priced.discountTotal,
      tax_total: priced.taxTotal,
      sale_total: priced.saleTotal,
      tip: priced.tip,
      total: priced.total,
      priced: JSON.stringify(priced),
      order_id: orderId,
      shift_id: till.shiftBook.openId(),
      note: args.note ?? '',
    },
    tenders,
  );
  for (const discount of discounts)
    till.audit.record(callerActor(caller), 'sale.discount', saleId, {
      ...discount,
      approvedBy: approver?.name ?? '',
    });
  const view = saleView(till.saleBook.get(saleId)!);
  till.counter.saleRecorded(orderId ? null : saleEnd(view));
  return view;
}

/** sale.get: by its id, or by its crypto part's order; a cashier opens only their own. */
export async function getSale(till: TillParts, args: Args<'sale.get'>, caller: PosCaller): Promise<SaleView> {
  const sale: StoredSale | undefined = args.saleId
    ? till.saleBook.get(args.saleId)
    : till.saleBook.byOrder(args.orderId!);
  if (!sale) throw posError('sale_not_found', {}, args.saleId ? 'saleId' : 'orderId');
  if (sale.row.order_id) ownOrderOrThrow(till, sale.row.order_id, caller);
  else if (caller.account && caller.account.role === 'cashier' && sale.row.cashier_id !== caller.account.accountId)
    throw posError('sale_not_found', {}, 'saleId');
  return saleView(sale);
}
