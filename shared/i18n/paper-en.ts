/** The English words of the paper receipt, the receipt page and the printer test page (namespace `paper`). */
export const paperEnglish = {
  receipt: 'Receipt',
  receiptTitle: 'Receipt: {shop}',
  thankYou: 'Thank you!',
  date: 'Date',
  order: 'Order',
  total: 'Total',
  paid: 'Paid',
  network: 'Network',
  status: 'Status',
  statusPaid: 'Paid',
  walletTransfer: '{network} (wallet transfer)',
  scanForReceipt: 'Scan for your receipt',
  testReceipt: 'TEST - no real money moved',
  printerTest: 'Paydesk printer test',
} as const;

export type PaperKey = keyof typeof paperEnglish;
