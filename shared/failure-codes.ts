/**
 * Failure codes of a failed payment result (docs/api.md, "Results and statuses", plus the codes the hosted
 * service is known to use). Clients must treat codes as an open set; on the wire they are
 * JSON strings of digits ("0" when there is none).
 */
export const FAILURE_CODES = {
  /** Payment overtime, or a one-time code that expired before a payment channel existed. */
  timeout: '40000',
  /** Wrong payment asset sent to a deposit address. */
  wrongAsset: '40020',
  /** Underpayment never completed. */
  underpaid: '40024',
  /** Market volatility. */
  volatility: '40025',
  /** Settlement asset restricted. */
  settlementRestricted: '40027',
  /** Cancelled by the merchant. */
  cancelled: '40032',
  /** Review rejected. */
  reviewRejected: '10095',
} as const;

export type KnownFailureCode = (typeof FAILURE_CODES)[keyof typeof FAILURE_CODES];

export const NO_FAILURE = '0';

export const FAILURE_REASONS: Readonly<Record<KnownFailureCode, string>> = {
  '40000': 'Payment overtime',
  '40020': 'Wrong payment asset',
  '40024': 'Underpayment not completed',
  '40025': 'Market volatility',
  '40027': 'Settlement asset restricted',
  '40032': 'Payment cancelled',
  '10095': 'Review rejected',
};

/** Text for any failure code, known or not; unknown codes keep the gateway's own reason. */
export function describeFailure(code: string, reason: string): string {
  if (reason.trim() !== '') return reason;
  return (FAILURE_REASONS as Record<string, string>)[code] ?? `Payment failed (code ${code})`;
}
