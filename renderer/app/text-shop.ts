/** Texts of the shop server's parts (Setup's till key, the owner's Whole shop view), spread into the catalogue in text.ts. */
export const shopText = {
  gatewayTillKey: 'Till key (from the shop server)',
  gatewayTillKeyHint:
    "The shop server gives each till its own key once. With it, this till's payments are counted as this till's.",
  gatewayTillKeyIsSet: 'A till key is stored for this server; type a new one to replace it.',
  shopTitle: 'Whole shop',
  shopIntro: 'Payments of every till on {day}, from the shop server.',
  shopIntroTill:
    "This till's payments on {day}, from the shop server (set the merchant key in Setup to see every till).",
  shopTillFilter: 'Till',
  shopAllTills: 'All tills',
  shopNoTill: 'Without a till',
  shopPaid: 'Paid',
  shopPaidNone: 'Nothing paid yet.',
  shopPerTill: 'Per till',
  shopByStatus: 'Payments by status',
  shopCount: '{count} payments',
  shopEmpty: 'No payments on this day.',
  shopUnavailable: "The shop server's report is not available: {message}",
  shopListCaption: 'Payments, newest first',
  shopColTill: 'Till',
  shopPage: 'Page {page} of {pages}',
  shopExport: 'Export CSV of this view',
  shopExportFailed: 'The export did not work: {message}',
} as const;
