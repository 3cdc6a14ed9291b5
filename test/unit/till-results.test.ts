/** How the till reads gateway results, including a hosted gateway's old status set. */
import { describe, expect, it } from 'vitest';
import { statusOf, surplusOf } from '../../electron/till/orders/views.js';
import { dayRange, dayOf } from '../../electron/till/calendar.js';
import { isoInZone } from '../../electron/till/owner/csv.js';
import type { PaymentResult } from '../../shared/wire.js';

const base: PaymentResult = {
  status: 'unpaid',
  traceId: 't',
  payeeId: 'p',
  quoteAmount: '10',
  quoteSymbol: 'USD',
  quoteAssetId: 'usd',
  paymentAmount: '0',
  paymentSymbol: 'USDT',
  paymentAssetId: 'a',
  payableAmount: '10',
  payableSymbol: 'USDT',
  payableAssetId: 'a',
  txid: '',
  blockExplorerUrl: '',
  date: 0,
  confirmations: -1,
  surplusAmount: '0',
  surplusStatus: 'no',
  failureCode: '0',
  failureReason: '',
  returnTo: '',
  expiredAt: 0,
  settleStatus: '',
  settleAmount: '',
  settleSymbol: '',
  settleAsset: '',
};

describe('surplusOf', () => {
  it('passes what the payer sent beyond what was due as a canonical decimal, anything else as none', () => {
    expect(surplusOf({ surplusAmount: '1.750' })).toBe('1.75');
    expect(surplusOf({ surplusAmount: '0' })).toBe('0');
    for (const bad of ['', 'abc', '-1', '1e3', '1.2.3']) expect(surplusOf({ surplusAmount: bad })).toBe('0');
  });
});

describe('statusOf', () => {
  it('reads the current status set as is', () => {
    for (const status of ['unpaid', 'confirming', 'paid_less', 'pending', 'auditing', 'success', 'failed'])
      expect(statusOf({ ...base, status })).toBe(status);
  });
  it('reads an old-set pending with isFullyPaid false as an underpayment', () => {
    expect(
      statusOf({
        ...base,
        status: 'pending',
        paymentAmount: '4',
        payment: { isMultiPay: false, isFullyPaid: false, totalTransactionsAmount: '4' },
      }),
    ).toBe('paid_less');
    expect(
      statusOf({
        ...base,
        status: 'pending',
        paymentAmount: '10',
        payment: { isMultiPay: false, isFullyPaid: true, totalTransactionsAmount: '10' },
      }),
    ).toBe('pending');
  });
  it('keeps watching a status it does not know', () => {
    expect(statusOf({ ...base, status: 'processing' })).toBe('unpaid');
  });
});

describe('shop days and times', () => {
  it('cuts days at local midnight, across a DST change', () => {
    const [start, end] = dayRange('2026-10-25', 'Europe/Berlin'); // 25 hours long
    expect(new Date(start).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(end - start).toBe(25 * 3600_000);
    expect(dayOf(start, 'Europe/Berlin')).toBe('2026-10-25');
    expect(dayOf(start - 1, 'Europe/Berlin')).toBe('2026-10-24');
  });
  it('writes ISO-8601 with the offset of the shop', () => {
    expect(isoInZone(Date.UTC(2026, 10, 23, 13, 5, 9), 'Europe/Berlin')).toBe('2026-11-23T14:05:09+01:00');
    expect(isoInZone(Date.UTC(2026, 6, 1, 0, 0, 0), 'America/New_York')).toBe('2026-06-30T20:00:00-04:00');
    expect(isoInZone(Date.UTC(2026, 6, 1, 0, 0, 0), 'UTC')).toBe('2026-07-01T00:00:00+00:00');
  });
});
