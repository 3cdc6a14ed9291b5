/**
 * till.db's order asset facts migration (issue 19; file 014): a till.db from before it keeps its orders
 * (with '' facts: described from the asset list, as before); an order with facts kept is described
 * from them, so its QR payload does not depend on the asset list being read after a start.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/platform/db.js';
import { openTillDb, tillMigrations } from '../../electron/till/db.js';
import { OrderBook } from '../../electron/till/orders/book.js';
import { orderView } from '../../electron/till/orders/views.js';
import { tempDataDir } from '../helpers/host.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const instruction = JSON.stringify({
  clientId: 'c-1',
  payeeId: 'p',
  traceId: 't-1',
  settlementAssetId: USDT,
  settlementAssetSymbol: 'USDT',
  estimatedSettlementAmount: '12.5',
  quoteAssetId: 'usd',
  quoteAssetSymbol: 'USD',
  quoteAmount: '12.5',
  paymentAssetId: USDT,
  paymentAssetSymbol: 'USDT',
  paymentAmount: '12.5',
  isChain: true,
  recipient: '',
  memo: '',
  destination: '0x0345000000000000000000000000000000000001',
  tag: '',
  expire: 2000000000,
  seconds: 600,
});

describe('till.db order asset facts migration', () => {
  it('keeps the orders, and describes an instruction from the facts kept with it', () => {
    const file = join(tempDataDir('pd-till-facts-'), 'till.db');
    const db = new Database(file);
    const before = tillMigrations.findIndex((m) => m.name === 'order asset facts');
    expect(before).toBeGreaterThan(0);
    migrate(db, tillMigrations.slice(0, before));
    db.prepare(
      `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id, is_chain,
         settlement_asset_id, note, callback_url, status, instruction, created_at, updated_at)
       VALUES ('o-1', 't-1', 'p', 'usd', 'USD', '12.5', ?, 1, '', 'keep me', '', 'unpaid', ?, 1, 1)`,
    ).run(USDT, instruction);
    db.close();

    const upgraded = openTillDb(file);
    expect(upgraded.pragma('user_version', { simple: true })).toBe(tillMigrations.length);
    const book = new OrderBook(upgraded);
    const old = book.get('o-1')!;
    expect(old).toMatchObject({ note: 'keep me', status: 'unpaid', asset_facts: '' });
    // Written before: the asset list describes it (and nothing without one: the bare address).
    const listed = { network: 'Ethereum', requiredConfirmations: 12 };
    expect(orderView(book, old, listed).instruction?.network).toBe('Ethereum');
    expect(orderView(book, old, undefined).instruction?.paymentUri).toBe('0x0345000000000000000000000000000000000001');

    const kept = {
      assetId: USDT,
      network: 'Ethereum',
      requiredConfirmations: 12,
      chainId: 1,
      contract: '0xToken',
      decimals: 6,
    };
    upgraded.prepare("UPDATE orders SET asset_facts = ? WHERE order_id = 'o-1'").run(JSON.stringify(kept));
    const view = orderView(book, book.get('o-1')!, undefined);
    expect(view.instruction).toMatchObject({
      network: 'Ethereum',
      paymentUri: 'ethereum:0xToken@1/transfer?address=0x0345000000000000000000000000000000000001&uint256=12500000',
    });
    // Facts of another asset (the payment asset changed) are not used.
    upgraded
      .prepare("UPDATE orders SET asset_facts = ? WHERE order_id = 'o-1'")
      .run(JSON.stringify({ ...kept, assetId: 'x' }));
    expect(orderView(book, book.get('o-1')!, undefined).instruction?.network).toBe('');
    upgraded.close();
  });
});
