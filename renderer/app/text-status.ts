/** The one map of an order's status to a short word for lists and badges (Recent orders): never the raw code. */
export const statusText = {
  orderStatus_queued: 'Queued',
  orderStatus_unpaid: 'Unpaid',
  orderStatus_confirming: 'Confirming',
  orderStatus_paid_less: 'Paid less',
  orderStatus_pending: 'Settling',
  orderStatus_auditing: 'Under review',
  orderStatus_success: 'Paid',
  orderStatus_failed: 'Failed',
} as const;
