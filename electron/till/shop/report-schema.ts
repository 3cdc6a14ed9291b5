/** The shop server's merchant report as the till checks it (docs/api.md, "Merchant report"). */
import { z } from 'zod';

const Sum = z.object({ count: z.number().int(), amount: z.string() });

export const MerchantReportSchema = z.object({
  from: z.number(),
  to: z.number(),
  tillId: z.string(),
  totals: z.object({
    count: z.number().int(),
    byQuoteAsset: z.record(z.string(), Sum),
    paidByQuoteAsset: z.record(z.string(), Sum),
    byPaymentAsset: z.record(z.string(), Sum),
    /** Absent from a server before the shop close of day: read as nothing paid per asset. */
    paidByPaymentAsset: z.record(z.string(), Sum).default({}),
    byStatus: z.record(z.string(), z.object({ count: z.number().int(), byQuoteAsset: z.record(z.string(), Sum) })),
    byTill: z.record(
      z.string(),
      z.object({
        name: z.string(),
        count: z.number().int(),
        paidByQuoteAsset: z.record(z.string(), Sum),
        paidByPaymentAsset: z.record(z.string(), Sum).default({}),
      }),
    ),
  }),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  items: z.array(
    z.object({
      traceId: z.string(),
      orderId: z.string(),
      tillId: z.string(),
      createdAt: z.number(),
      status: z.string(),
      quoteAssetId: z.string(),
      quoteAmount: z.string(),
      paymentAssetId: z.string(),
      payableAmount: z.string(),
      failureCode: z.string(),
    }),
  ),
});
export type MerchantReport = z.output<typeof MerchantReportSchema>;
