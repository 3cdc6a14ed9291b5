/**
 * Fills a shop server's PostgreSQL with `count` old payments fast, for `npm run bench -- server`:
 * each is a copy of a template payment that the gateway itself made through `/v1` (so every row a
 * create, a payment and a settlement or a deadline writes is there, with the columns the gateway
 * writes), made by one INSERT ... SELECT over generate_series per table and template. The copies
 * get their own trace, client, order and transaction ids, their memo names their own client, and
 * their times move back so that creation is spread over `days` days before the template. Columns
 * not named below are copied from the template as they are (a later migration's columns too).
 * Templates must be final (success or failed) and have no deposit address or callback deliveries
 * (sandbox wallet payments without a callback URL), so the copies give the scheduler no due work.
 */
import type pg from 'pg';
import { v1 } from '../test/helpers/shop-server.js';
import { SHOP, USDT } from './api.js';

export interface PreloadTemplate {
  traceId: string;
  /** Which copies take this template: the row numbers g (1..count) whose g % every is one of `rests`. */
  every: number;
  rests: number[];
}

/** A v4-shaped UUID from the md5 of `kind-g` (gateway ids are validated as UUIDs). */
const idOf = (kind: string): string =>
  `(SELECT substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12) FROM md5('${kind}-' || g) AS h)`;

/** The template's base64 memo with its client id replaced by the copy's ($4 is the template's client id). */
const memoOf = (column: string): string =>
  `replace(encode(convert_to(replace(convert_from(decode(t.${column}, 'base64'), 'UTF8'), $4, ${idOf('client')}), 'UTF8'), 'base64'), E'\\n', '')`;

/** The copy's time shift in ms: back by up to `days` ($3 is the span in ms, $2 the count), never 0. */
const SHIFT = '(-1000 - (g::bigint * $3::bigint / $2::bigint))';
const ms = (column: string): string => `CASE WHEN t.${column} = 0 THEN 0 ELSE t.${column} + ${SHIFT} END`;
const seconds = (column: string): string => `CASE WHEN t.${column} = 0 THEN 0 ELSE t.${column} + ${SHIFT} / 1000 END`;

/** Template ids in text ($4 client, $5 order, $6 trace, $7 txid) replaced by the copy's. */
const textOf = (column: string): string =>
  `replace(replace(replace(replace(t.${column}, $4, ${idOf('client')}), $5, 'preload-' || g), $6, ${idOf('trace')}), $7, ${idOf('tx')})`;

/** Per table: the column linking it to the payment, and the columns that differ per copy. */
const TABLES: Array<{ table: string; link: string; changed: Record<string, string> }> = [
  {
    table: 'payments',
    link: 'trace_id',
    changed: {
      trace_id: idOf('trace'),
      order_id: "'preload-' || g",
      current_client_id: idOf('client'),
      created_at: ms('created_at'),
      updated_at: ms('updated_at'),
      reviewed_at: ms('reviewed_at'),
      settle_due_at: ms('settle_due_at'),
      expired_at: seconds('expired_at'),
      code_expires_at: seconds('code_expires_at'),
    },
  },
  {
    table: 'instructions',
    link: 'trace_id',
    changed: {
      client_id: idOf('client'),
      trace_id: idOf('trace'),
      memo: memoOf('memo'),
      created_at: ms('created_at'),
      price_at: ms('price_at'),
      expire: seconds('expire'),
    },
  },
  {
    table: 'transactions',
    link: 'trace_id',
    changed: { txid: idOf('tx'), trace_id: idOf('trace'), memo: memoOf('memo'), seen_at: ms('seen_at') },
  },
  {
    table: 'payment_events',
    link: 'trace_id',
    changed: { id: '', trace_id: idOf('trace'), at: ms('at'), detail: textOf('detail') },
  },
];

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const result = await client.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position',
    [table],
  );
  return result.rows.map((row) => row.column_name);
}

interface TemplateIds {
  client: string;
  order: string;
  txid: string;
}

async function templateIds(client: pg.Client, traceId: string): Promise<TemplateIds> {
  const result = await client.query<{ client: string; order: string; txid: string | null; extra: string }>(
    `SELECT p.current_client_id AS client, p.order_id AS order,
            (SELECT txid FROM transactions WHERE trace_id = p.trace_id LIMIT 1) AS txid,
            (SELECT count(*) FROM deposit_addresses WHERE trace_id = p.trace_id)
              + (SELECT count(*) FROM callback_deliveries WHERE trace_id = p.trace_id) AS extra
       FROM payments p WHERE p.trace_id = $1 AND p.status IN ('success', 'failed')`,
    [traceId],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`preload: template ${traceId} is not a final payment`);
  if (Number(row.extra) > 0) throw new Error('preload: a template must have no deposit address or callbacks');
  return { client: row.client, order: row.order, txid: row.txid ?? `no-txid-${traceId}` };
}

/** Inserts `count` copies of the templates (in one transaction); answers the rows written per table. The caller vacuums. */
export async function preloadPayments(
  client: pg.Client,
  options: { count: number; days: number; templates: PreloadTemplate[] },
): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  const spanMs = Math.round(options.days * 86_400_000);
  await client.query('BEGIN');
  try {
    for (const template of options.templates) {
      const ids = await templateIds(client, template.traceId);
      for (const { table, link, changed } of TABLES) {
        const columns = (await columnsOf(client, table)).filter((column) => changed[column] !== '');
        const values = columns.map((column) => changed[column] ?? `t.${column}`);
        const result = await client.query(
          `INSERT INTO ${table} (${columns.join(', ')})
           SELECT ${values.join(', ')} FROM ${table} t, generate_series(1, $2::bigint) AS g
            WHERE t.${link} = $1 AND g % $8 = ANY($9::bigint[]) AND ($3::bigint, $4::text, $5::text, $6::text, $7::text) IS NOT NULL`,
          [
            template.traceId,
            options.count,
            spanMs,
            ids.client,
            ids.order,
            template.traceId,
            ids.txid,
            template.every,
            template.rests,
          ],
        );
        written[table] = (written[table] ?? 0) + (result.rowCount ?? 0);
      }
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return written;
}

/**
 * Two template payments made through a (sandbox) gateway's `/v1`: one paid by a sandbox transfer and
 * settled, one left past its deadline (failed 40000); the sandbox clock moves on an hour for that.
 * Answers them as templates for 4 in 5 copies paid, 1 in 5 failed, once both are final.
 */
export async function makeTemplates(base: string): Promise<PreloadTemplate[]> {
  const create = (orderId: string, extra: object): Promise<any> =>
    v1(base, 'POST', '/v1/payments', {
      payeeId: SHOP,
      orderId,
      quoteAssetId: 'usd',
      quoteAmount: '12.5',
      paymentAssetId: USDT,
      settlementAssetId: USDT,
      ...extra,
    });
  const tag = Date.now().toString(36);
  const paid = await create(`template-paid-${tag}`, {});
  const lapsed = await create(`template-lapsed-${tag}`, { expireSeconds: 60 });
  const transfer = { recipient: paid.recipient, asset: USDT, amount: paid.paymentAmount, memo: paid.memo };
  await v1(base, 'POST', '/v1/sandbox/transfers', { ...transfer, trace: crypto.randomUUID() });
  await v1(base, 'POST', '/v1/sandbox/clock', { advanceSeconds: '3600' });
  for (const traceId of [paid.traceId, lapsed.traceId]) {
    for (let tries = 0; ; tries++) {
      const result = await v1(base, 'GET', `/v1/payments_result?traceId=${traceId}`);
      if (result.status === 'success' || result.status === 'failed') break;
      if (tries > 100) throw new Error(`template ${traceId} stays ${result.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return [
    { traceId: paid.traceId, every: 5, rests: [1, 2, 3, 4] },
    { traceId: lapsed.traceId, every: 5, rests: [0] },
  ];
}
