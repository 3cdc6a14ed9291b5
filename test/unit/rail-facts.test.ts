/**
 * The one place every rail books what it observed (electron/gateway/rails/facts.ts), used here the
 * way a new rail would: it records a transaction in the ledger, then reports it arrived, confirmed or
 * gone. The machine decides how it counts (docs/api.md, "Amounts and surplus"); late money a
 * reorganisation takes away leaves the stored surplus too. Real SQLite file, gateway clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../../electron/gateway/gateway.js';
import { TransactionFacts } from '../../electron/gateway/rails/facts.js';
import { Ledger, type TransactionRow } from '../../electron/gateway/results/ledger.js';
import type { Db } from '../../electron/platform/db.js';
import { openGatewayCore } from '../helpers/gateway-core.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function open(): { db: Db; gateway: Gateway; ledger: Ledger; facts: TransactionFacts; traceId: string } {
  const { db, gateway, clock, close } = openGatewayCore(Date.UTC(2026, 10, 23, 12));
  cleanups.push(close);
  const ledger = new Ledger(db);
  const facts = new TransactionFacts({ store: gateway.store, ledger, engine: gateway.engine, clock });
  const created = gateway.payments.create({
    payeeId: SHOP,
    orderId: 'rail-facts-1',
    paymentAssetId: USDT,
    quoteAssetId: 'usd',
    quoteAmount: '10',
    isChain: 'true',
  });
  return { db, gateway, ledger, facts, traceId: created.traceId };
}

const chainTx = (traceId: string, txid: string, amount: string, assetId = USDT): TransactionRow => ({
  kind: 'chain',
  txid,
  network: 'Ethereum',
  trace_id: traceId,
  asset_id: assetId,
  amount,
  destination: '0xdeposit',
  tag: '',
  memo: '',
  confirmations: 0,
  required_confirmations: 6,
  confirmed: 0,
  gone: 0,
  booked: 'unmatched',
  seen_at: 0,
});

/** What a rail does: record the transaction, then report it, in one transaction. */
function arrive(t: ReturnType<typeof open>, tx: TransactionRow) {
  return t.db.transaction(() => {
    t.ledger.add(tx);
    return t.facts.arrived(t.gateway.store.get(t.traceId)!, tx, { rail: 'test' });
  })();
}

describe('TransactionFacts', () => {
  it('books arrivals by the machine, confirms them, and takes late money a reorg removed out of the surplus', () => {
    const t = open();
    expect(arrive(t, chainTx(t.traceId, '0xa', '15'))).toEqual({ booked: 'counted', status: 'confirming' });
    const first = t.ledger.get('chain', '0xa')!;
    expect(t.db.transaction(() => t.facts.confirmations(first, 3, { rail: 'test' }))()).toBeUndefined();
    expect(t.db.transaction(() => t.facts.confirmations(t.ledger.get('chain', '0xa')!, 6, { rail: 'test' }))()).toBe(
      t.traceId,
    );
    expect(t.gateway.store.get(t.traceId)).toMatchObject({ status: 'pending', surplus_amount: '5' });

    expect(arrive(t, chainTx(t.traceId, '0xb', '3'))).toEqual({ booked: 'surplus', status: 'pending' });
    expect(t.gateway.store.get(t.traceId)?.surplus_amount).toBe('8');
    const vanished = t.db.transaction(() =>
      t.facts.gone(t.ledger.get('chain', '0xb')!, { rail: 'test', reason: 'reorg' }),
    )();
    expect(vanished).toEqual({ traceId: t.traceId, status: 'pending', changed: true, wasConfirmed: false });
    expect(t.ledger.get('chain', '0xb')?.gone).toBe(1);
    expect(t.gateway.store.get(t.traceId)).toMatchObject({ status: 'pending', surplus_amount: '5' });
  });

  it('takes a counted, unconfirmed transaction a reorg removed out of the payment', () => {
    const t = open();
    arrive(t, chainTx(t.traceId, '0xc', '10'));
    const vanished = t.db.transaction(() => t.facts.gone(t.ledger.get('chain', '0xc')!, { rail: 'test' }))();
    expect(vanished).toMatchObject({ changed: true, status: 'unpaid' });
    expect(t.gateway.engine.paidSoFar(t.traceId)).toBe('0');
  });

  it('keeps money in another asset, never counted, with a wrong_asset event (40020)', () => {
    const t = open();
    expect(arrive(t, chainTx(t.traceId, '0xd', '0.1', BTC))).toEqual({ booked: 'wrong_asset', status: 'unpaid' });
    const event = t.db
      .prepare("SELECT detail FROM payment_events WHERE trace_id = ? AND kind = 'wrong_asset'")
      .pluck()
      .get(t.traceId) as string;
    expect(JSON.parse(event)).toEqual({ txid: '0xd', failureCode: '40020' });
    expect(t.gateway.engine.paidSoFar(t.traceId)).toBe('0');
  });
});
