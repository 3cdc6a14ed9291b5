/**
 * bench/till (cart sales): the day review among 100,000 orders that are the crypto parts of
 * 100,000 cart sales with three lines each, cash and crypto tenders: the orders' figures (owner.day)
 * and the sales' sums (sales.day: tenders, crypto per asset, cashiers, tips, discounts, taxes) for one
 * day, together. Prints figures; never passes or fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceCart } from '../shared/cart/price.js';
import { subtract } from '../shared/money.js';
import { systemClock } from '../electron/platform/clock.js';
import { randomIds } from '../electron/platform/ids.js';
import { openTillDb } from '../electron/till/db.js';
import { OrderBook } from '../electron/till/orders/book.js';
import { OwnerArea } from '../electron/till/owner/area.js';
import { SalesBook } from '../electron/till/sales/book.js';
import { summarize } from '../electron/till/sales/summary.js';
import { TillSettingsStore } from '../electron/till/settings/store.js';
import { dayOf, dayRange } from '../electron/till/till.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A few carts priced once and reused: the bench measures reading, not pricing. */
function sampleCarts() {
  return Array.from({ length: 50 }, (_, i) =>
    priceCart(
      {
        lines: [
          { itemId: 'it-a', name: 'Coffee', unitPrice: '3.50', quantity: (i % 3) + 1, taxRate: '10' },
          { itemId: 'it-b', name: 'Croissant', unitPrice: '2.40', quantity: 1, taxRate: '10' },
          {
            name: 'Custom amount',
            unitPrice: `${(i % 9) + 1}.${String(i % 100).padStart(2, '0')}`,
            quantity: 1,
            taxRate: '0',
          },
        ],
        orderDiscount: i % 4 === 0 ? { kind: 'percent', value: '10' } : undefined,
        tip: i % 5 === 0 ? { kind: 'percent', value: '10' } : { kind: 'none' },
      },
      { taxMode: 'added', rounding: 'line', places: 2 },
    ),
  );
}

export async function salesDayBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-sales-'));
  try {
    const db = openTillDb(join(dir, 'till.db'));
    const settings = new TillSettingsStore(db);
    settings.update({
      payee: { networkId: '7000101', payeeId: 'p', fullName: 'Bench shop' },
      timeZone: 'Europe/Berlin',
    });
    const COUNT = 100_000;
    const end = Date.UTC(2026, 10, 23, 23, 0, 0);
    const carts = sampleCarts();
    const sales = new SalesBook(db);
    const insertOrder = db.prepare(
      `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id, is_chain, settlement_asset_id, note, callback_url, status, result, created_at, updated_at, ended_at)
       VALUES (?, ?, 'p', 'usd', 'USD', ?, ?, 0, '', '', '', 'success', ?, ?, ?, ?)`,
    );
    const started = performance.now();
    db.transaction(() => {
      for (let i = 0; i < COUNT; i++) {
        const at = end - Math.floor((i / COUNT) * 365 * 86_400_000);
        const priced = carts[i % carts.length]!;
        const cash = '2';
        const crypto = subtract(priced.total, cash);
        const orderId = `pd-bench-${i}`;
        const result = JSON.stringify({
          status: 'success',
          paymentAmount: crypto,
          paymentSymbol: 'USDT',
          payableAmount: crypto,
          failureCode: '0',
          failureReason: '',
          settleStatus: 'success',
        });
        insertOrder.run(orderId, randomIds.uuid(), crypto, USDT, result, at, at, at);
        sales.insert(
          {
            sale_id: `sl-bench-${i}`,
            created_at: at,
            cashier_id: `st-${i % 4}`,
            cashier_name: `Cashier ${i % 4}`,
            currency: 'usd',
            symbol: 'USD',
            subtotal: priced.subtotal,
            discount_total: priced.discountTotal,
            tax_total: priced.taxTotal,
            sale_total: priced.saleTotal,
            tip: priced.tip,
            total: priced.total,
            priced: JSON.stringify(priced),
            order_id: orderId,
            shift_id: '',
            note: '',
          },
          [
            { kind: 'cash', amount: cash, tendered: '5', change: '3', reference: '' },
            { kind: 'crypto', amount: crypto, tendered: '', change: '', reference: orderId },
          ],
        );
      }
    })();
    const seeded = performance.now() - started;
    const owner = new OwnerArea({
      book: new OrderBook(db),
      settings,
      client: undefined as never,
      clock: systemClock,
      dayRange,
      dayOf,
      applyResult: () => {},
      orderView: () => ({}) as never,
    });
    const day = '2026-11-20';
    const timings: number[] = [];
    const orderPart: number[] = [];
    const salesPart: number[] = [];
    let counted = 0;
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      owner.day({ day });
      const t1 = performance.now();
      const [from, to] = dayRange(day, 'Europe/Berlin');
      counted = summarize(sales.inRange(from, to), 'usd', 'USD').paid;
      const t2 = performance.now();
      orderPart.push(t1 - t0);
      salesPart.push(t2 - t1);
      timings.push(t2 - t0);
    }
    db.close();
    console.log('');
    console.log(
      `bench/till day review with cart sales: ${COUNT.toLocaleString('en-US')} orders and sales (3 lines, 2 tenders each; seeded in ${(seeded / 1000).toFixed(1)} s); one day has ${counted} sales`,
    );
    console.log(
      `  orders' figures + sales' sums (tenders, assets, cashiers, tips, discounts, taxes): first ${timings[0]!.toFixed(1)} ms, median ${median(timings).toFixed(1)} ms (goal < 100 ms)`,
    );
    console.log(
      `  of which the orders' figures median ${median(orderPart).toFixed(1)} ms, the sales' sums median ${median(salesPart).toFixed(1)} ms (same run: compare the two on a loaded machine)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
