/**
 * bench/report: the merchant report (docs/api.md, "Merchant report") over a gateway.db holding
 * 100,000 payments spread over 30 days and 3 tills: one day for the whole shop, one till, one
 * status, against a full scan of the table in the same run. Prints figures, never passes or fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openGatewayDb } from '../electron/gateway/db.js';
import { readReportQuery } from '../electron/gateway/report/range.js';
import { PaymentsStore } from '../electron/gateway/payments/store.js';
import { MerchantReport } from '../electron/gateway/report/report.js';

const PAYMENTS = Number(process.env.BENCH_REPORT_PAYMENTS ?? 100_000);
const DAYS = 30;
const TILLS = ['11111111-0000-4000-8000-000000000001', '11111111-0000-4000-8000-000000000002', ''];
const START_S = 1_795_392_000; // 2026-11-23T00:00:00Z
const STATUSES = ['success', 'success', 'success', 'failed', 'unpaid', 'pending'];

function fill(db: ReturnType<typeof openGatewayDb>): void {
  db.prepare("INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES ('p', '1', 'Shop', 0)").run();
  const insert = db.prepare(
    `INSERT INTO payments (trace_id, payee_id, order_id, quote_asset_id, quote_amount, fixed_payment_amount,
       settlement_asset_id, strict_mode, payment_asset_id, is_chain, remark, note, settlement_memo, return_to,
       failed_return_to, callback_url, callback_events, expired_at, is_one_time, code_expires_at, review_required,
       quote_usd_value, current_client_id, created_at, updated_at, status, payable_amount, till_id)
     VALUES (?, 'p', ?, 'usd', ?, '', '', 0, 'asset', 0, '', '', '', '', '', '', '', 0, 0, 0, 0, '0', '', ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < PAYMENTS; i += 1) {
      const at = (START_S + Math.floor((i * DAYS * 86_400) / PAYMENTS)) * 1000;
      const amount = `${(i % 997) + 1}.${String(i % 100).padStart(2, '0')}`;
      const trace = `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
      insert.run(trace, `o-${i}`, amount, at, at, STATUSES[i % STATUSES.length], amount, TILLS[i % TILLS.length]);
    }
  })();
}

function time(label: string, runs: number, work: () => unknown): void {
  work();
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i += 1) work();
  const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs;
  console.log(`  ${label.padEnd(52)} ${ms.toFixed(2)} ms`);
}

export async function runReportBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-report-'));
  try {
    const db = openGatewayDb(join(dir, 'gateway.db'));
    fill(db);
    const report = new MerchantReport(new PaymentsStore(db), { list: () => [] });
    const day = { from: String(START_S + 10 * 86_400) };
    console.log(`bench report: ${PAYMENTS} payments over ${DAYS} days, ${TILLS.length} tills`);
    time('one day, whole shop (totals + first page of 100)', 20, () => report.read(readReportQuery(day)));
    time('one day, one till', 20, () => report.read(readReportQuery({ ...day, tillId: TILLS[0]! })));
    time('one day, status success, page 3 of 50', 20, () =>
      report.read(readReportQuery({ ...day, status: 'success', page: '3', pageSize: '50' })),
    );
    time('baseline: a full scan counting the same day (no index)', 20, () =>
      db
        .prepare('SELECT count(*) FROM payments NOT INDEXED WHERE created_at >= ? AND created_at < ? AND till_id >= ?')
        .get((START_S + 10 * 86_400) * 1000, (START_S + 11 * 86_400) * 1000, ''),
    );
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
