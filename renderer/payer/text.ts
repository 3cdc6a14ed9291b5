/**
 * The payer's words (checkout page and customer display), English only for now, kept apart from the
 * till's catalogue: one flat key -> message map with `{name}` placeholders, the shape i18next reads,
 * so the languages work can load this as the `payer` namespace unchanged.
 */
import { addEnglish, translate } from '../i18n/i18n.js';

export const payerText = {
  checkoutTitle: 'Pay {shop}',
  loading: 'Loading the payment…',
  notFound: 'This payment link is not known. Ask the shop for a new one.',
  unreachable: 'The shop cannot be reached right now. Check your connection; this page keeps trying.',
  amountDue: 'Amount',
  payBy: 'Pay by',
  noDeadline: 'No deadline',
  timeLeft: '{time} left',
  chooseAsset: 'Pay with',
  noAssets: 'No asset can pay this amount right now.',
  howToPay: 'How to pay',
  wallet: 'Mixin wallet',
  walletHint: 'opens a mixin:// link',
  onChain: 'On chain',
  onChainHint: 'send from any {network} wallet',
  getInstruction: 'Show how to pay',
  making: 'Preparing…',
  payTo: 'Pay {amount} {symbol} on {network} to {shop}',
  topUpTo: 'Pay the remaining {amount} {symbol} on {network} to {shop}',
  walletApp: 'Scan with the Mixin Messenger app (the code opens a mixin:// link)',
  chainApp: 'Scan with any {network} wallet',
  invoiceApp: 'Scan with a Lightning wallet',
  openWallet: 'Open in wallet app',
  qrLabel: 'Payment QR code: {amount} {symbol}',
  address: 'Address',
  tag: 'Tag / memo (required)',
  amount: 'Amount',
  network: 'Network',
  copy: 'Copy',
  copied: 'Copied',
  copyWhat: 'Copy {what}',
  wrongNetworkWarning: 'Send only {symbol} on {network}. Money sent on another network is lost.',
  changeAsset: 'Pay another way',
  instructionEnds: 'This quote is valid for {time}; it renews itself.',
  status_unpaid: 'Waiting for your payment',
  status_confirming: 'Payment seen, confirming on the network ({n} confirmations so far)',
  status_paid_less: 'Paid {paid} of {due} {symbol}: {left} still due',
  status_pending: 'Payment received. Thank you!',
  status_auditing: 'Payment received; the shop is checking it.',
  status_success: 'Paid. Thank you!',
  status_failed: 'This payment did not go through.',
  failure_40000: 'The time to pay ran out.',
  failure_40024: 'Less than the amount was paid before the deadline.',
  failure_40032: 'The shop cancelled this payment.',
  failure_10095: 'The shop declined this payment.',
  failureAsk: 'If you sent money, show this page to the shop.',
  refused: 'Could not prepare the payment: {message}',
  reference: 'Reference',
  darkMode: 'Dark mode',
  // The customer display
  displayTitle: 'Customer display',
  welcome: 'Welcome to {shop}',
  welcomeNote: 'Your total and how to pay appear here.',
  total: 'Total',
  timeToPay: 'Time left to pay',
  stillDue: 'Still due',
  waitingOffline: 'Preparing your payment…',
  displayConfirming: 'Payment seen: {n} of {m} confirmations',
  displayPaidLess: 'Paid {paid} of {due} {symbol}',
  displaySettling: 'Payment received. Thank you!',
  displayReview: 'Payment received; the shop is checking it.',
  thankYou: 'Thank you!',
  paidWith: 'Paid {amount} {symbol}',
  paidMoreThanDue: 'That is {amount} {symbol} more than was due: please tell the cashier.',
  receiptScan: 'Scan for your receipt',
  receiptQr: 'Receipt QR code',
  notCompleted: 'Payment not completed',
  cancelledByShop: 'The payment was cancelled.',
  connectionLost: 'Reconnecting to the till…',
  // The cart and the tip question on the customer display
  yourCart: 'Your purchase',
  cartLine: '{quantity} × {name}',
  subtotal: 'Subtotal',
  discount: 'Discount',
  taxIncluded: 'Tax included',
  taxAdded: 'Tax',
  tipLine: 'Tip',
  paidInCash: 'Paid in cash',
  paidByCard: 'Paid by card',
  changeGiven: 'Your change',
  saleThanks: 'Paid. Thank you!',
  tipQuestion: 'Would you like to add a tip?',
  tipOn: 'On {amount} {symbol}',
  tipPreset: '{percent} % ({amount} {symbol})',
  tipNone: 'No tip',
  tipCustomLabel: 'Other amount ({symbol})',
  tipCustomAdd: 'Add this tip',
  tipCustomBad: 'Type an amount with at most {places} decimals, up to {max} {symbol}.',
  tipThanks: 'Thank you! The cashier takes it from here.',
  tipRefused: 'That did not go through: {message}',
} as const;

addEnglish('payer', payerText);

export type PayerTextKey = keyof typeof payerText;

/** One message with its placeholders filled. */
export function pt(key: PayerTextKey, values: Record<string, string | number> = {}): string {
  return translate('payer', key, values);
}

export function hasPayerText(key: string): key is PayerTextKey {
  return key in payerText;
}
