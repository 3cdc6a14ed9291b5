/**
 * Payment result statuses of payments created on or after 2026-08-13 (docs/api.md, "Results and statuses").
 * Only `success` and `failed` are terminal; everything else is re-queried.
 */
export const RESULT_STATUSES = [
  /** No payment recognised yet. */
  'unpaid',
  /** Transactions recognised, required confirmations not reached yet. */
  'confirming',
  /** Confirmed amount is below `payableAmount`; the payer may top up before the deadline. */
  'paid_less',
  /** Fully paid and confirmed; settlement still runs. Not merchant success. */
  'pending',
  /** Under review; nothing settles until a decision. */
  'auditing',
  /** Terminal: payment succeeded. */
  'success',
  /** Terminal: payment failed, with `failureCode` and `failureReason`. */
  'failed',
] as const;

export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const TERMINAL_STATUSES: ReadonlySet<ResultStatus> = new Set(['success', 'failed']);

export function isTerminal(status: ResultStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}

export function isResultStatus(value: unknown): value is ResultStatus {
  return typeof value === 'string' && (RESULT_STATUSES as readonly string[]).includes(value);
}
