/**
 * The customer display's feed: the payer's view of the current sale, pushed on each change; nothing of
 * the cashier's (note, staff name, history) ever leaves; reconciling an older order does not take the
 * screen from the current sale; a paid sale carries its receipt link.
 */
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../shared/posapi.js';
import type { DisplayView } from '../../shared/posapi-display.js';
import { PosEventHub } from '../../electron/bridge/events.js';
import { DisplayFeed } from '../../electron/web/customer-display.js';

function order(orderId: string, createdAt: number, status: OrderView['status']): OrderView {
  return {
    orderId,
    traceId: '01a20fbf-476b-7351-b941-54ef52836994',
    payeeId: 'a1b2c3d4-0001-4000-8000-000000000001',
    quoteAssetId: 'usd',
    quoteSymbol: 'USD',
    quoteAmount: '12.50',
    note: 'table 4, secret discount',
    status,
    instruction: {
      clientId: 'c1',
      paymentAssetId: 'usdt',
      paymentSymbol: 'USDT',
      paymentAmount: '12.5',
      isChain: false,
      network: 'Ethereum',
      recipient: 'r',
      memo: 'm',
      destination: '',
      tag: '',
      expire: 0,
      seconds: 60,
      paymentUri: 'mixin://pay?x=1',
    },
    progress: null,
    mismatch: '',
    createdAt,
    updatedAt: createdAt,
    payBy: createdAt + 900_000,
    history: [{ at: createdAt, kind: 'created', text: 'rung up by Cora' }],
    cashierName: 'Cora Cashier',
  };
}

describe('the customer display feed', () => {
  const events = new PosEventHub();
  const feed = new DisplayFeed({
    events,
    shop: () => 'Corner Café',
    now: () => 1_000,
    receiptUrl: (o) => `http://pay.example/receipt/${o.orderId}.mac`,
  });
  const seen: DisplayView[] = [];
  feed.subscribe((view) => seen.push(view));

  it('starts with the shop and no sale', () => {
    expect(feed.view()).toEqual({ shop: 'Corner Café', sale: null, at: 1_000 });
  });

  it('follows the current sale and never carries the cashier’s note, name or history', () => {
    events.publish('order.updated', order('pd-2', 200, 'unpaid'));
    const view = seen.at(-1)!;
    expect(view.sale).toMatchObject({ saleKey: 'pd-2', quoteAmount: '12.50', status: 'unpaid', receiptUrl: '' });
    expect(view.sale?.instruction).toMatchObject({ amount: '12.5', symbol: 'USDT', network: 'Ethereum' });
    const text = JSON.stringify(view);
    for (const secret of ['secret discount', 'Cora', 'rung up', 'history', 'cashierName', 'note'])
      expect(text).not.toContain(secret);
  });

  it('an older order updated in the background does not take the screen', () => {
    const before = seen.length;
    events.publish('order.updated', order('pd-1', 100, 'success'));
    expect(seen.length).toBe(before);
    expect(feed.view().sale?.saleKey).toBe('pd-2');
  });

  it('a paid sale carries its receipt link; a newer sale replaces it', () => {
    events.publish('order.updated', order('pd-2', 200, 'success'));
    expect(feed.view().sale).toMatchObject({ status: 'success', receiptUrl: 'http://pay.example/receipt/pd-2.mac' });
    events.publish('order.updated', order('pd-3', 300, 'unpaid'));
    expect(feed.view().sale).toMatchObject({ saleKey: 'pd-3', receiptUrl: '' });
    feed.close();
    events.publish('order.updated', order('pd-4', 400, 'unpaid'));
    expect(feed.view().sale?.saleKey).toBe('pd-3');
  });
});

describe('the customer display feed at start', () => {
  it('shows the sale still open in the book (a restart mid-sale), before any order event', () => {
    const open = order('o-open', 500, 'unpaid');
    const feed = new DisplayFeed({
      events: new PosEventHub(),
      shop: () => 'Corner Café',
      now: () => 1_000,
      receiptUrl: () => '',
      openSale: () => open,
    });
    expect(feed.view().sale).toMatchObject({ saleKey: 'o-open', status: 'unpaid', quoteAmount: '12.50' });
    feed.close();
  });

  it('starts empty when nothing is open', () => {
    const feed = new DisplayFeed({
      events: new PosEventHub(),
      shop: () => 'Corner Café',
      now: () => 1_000,
      receiptUrl: () => '',
      openSale: () => undefined,
    });
    expect(feed.view().sale).toBeNull();
    feed.close();
  });
});
