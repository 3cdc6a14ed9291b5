/**
 * bench/create-sql: what SQLite alone costs a create (docs/performance.md), without HTTP or pricing:
 * the statements a new order writes (its payment row and first instruction; the `created` step is not
 * stored), through the gateway's own PaymentsStore on a real gateway.db in WAL mode, committed in
 * batches of 1, 4, 8, 16 and 32, as the group commit makes them. Prints CPU µs per create; never
 * passes or fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { openGatewayDb } from '../electron/gateway/db.js';
import type { InstructionRow, NewPayment } from '../electron/gateway/payments/store.js';
import { PaymentsStore } from '../electron/gateway/payments/store.js';
import { fmt } from './api.js';

const CREATES = Number(process.env.BENCH_SQL_CREATES ?? 40_000);
const BATCHES = [1, 4, 8, 16, 32];
const PAYEE = 'a1b2c3d4-0001-4000-8000-000000000001';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const NOW = 1_795_600_000_000;

/** The rows of one new order, as PaymentCreation writes them for the api bench's create. */
function newOrder(n: number): { payment: NewPayment; instruction: InstructionRow } {
  const traceId = uuidv7();
  const clientId = uuidv7();
  const at = NOW + n;
  const payment: NewPayment = {
    trace_id: traceId,
    payee_id: PAYEE,
    order_id: `bench-${n}`,
    quote_asset_id: 'usd',
    quote_amount: '12.5',
    fixed_payment_amount: '',
    settlement_asset_id: USDT,
    strict_mode: 0,
    payment_asset_id: USDT,
    is_chain: 0,
    remark: '',
    note: '',
    settlement_memo: '',
    return_to: '',
    failed_return_to: '',
    callback_url: '',
    callback_events: '',
    expired_at: Math.floor(at / 1000) + 900,
    is_one_time: 0,
    code_expires_at: 0,
    review_required: 0,
    quote_usd_value: '12.5',
    current_client_id: clientId,
    created_at: at,
    updated_at: at,
    status: 'unpaid',
    payable_amount: '12.5',
  };
  const instruction: InstructionRow = {
    client_id: clientId,
    trace_id: traceId,
    payment_asset_id: USDT,
    payment_amount: '12.5',
    settlement_asset_id: USDT,
    estimated_settlement_amount: '12.5',
    price: '1',
    price_source: 'USDT bundled',
    price_at: NOW,
    is_chain: 0,
    recipient: PAYEE,
    memo: Buffer.from(`payment|${clientId}`).toString('base64'),
    destination: '',
    tag: '',
    expire: Math.floor(at / 1000) + 900,
    seconds: 900,
    created_at: at,
  };
  return { payment, instruction };
}

/** CPU µs per create (user + system) for `creates` new orders committed `batch` at a time. */
function measure(batch: number, creates: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-sql-'));
  const db = openGatewayDb(join(dir, 'gateway.db'));
  try {
    db.prepare('INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES (?, ?, ?, 0)').run(
      PAYEE,
      '7000101',
      'Shop',
    );
    const store = new PaymentsStore(db);
    let n = 0;
    const commitBatch = db.transaction(() => {
      for (let i = 0; i < batch; i++) {
        const { payment, instruction } = newOrder(++n);
        store.insertIfNew(payment);
        store.addInstruction(instruction);
      }
    });
    const rounds = Math.max(1, Math.floor(creates / batch));
    for (let i = 0; i < Math.min(200, rounds); i++) commitBatch(); // warm up
    const before = process.cpuUsage();
    for (let i = 0; i < rounds; i++) commitBatch();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / (rounds * batch);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runCreateSqlBench(): Promise<void> {
  console.log(
    `bench/create-sql: ${fmt(CREATES)} new orders per batch size, gateway.db in WAL mode (checkpoints inline)`,
  );
  console.log('creates per commit   CPU µs per create');
  for (const batch of BATCHES)
    console.log(`${String(batch).padStart(18)}   ${fmt(measure(batch, CREATES), 1).padStart(17)}`);
}
