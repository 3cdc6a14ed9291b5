/**
 * The till's refusals (namespace `errors`): each PosError the main process raises has a key here, its
 * PosApi code and its English text with `{placeholders}`. `posError()` (shared/pos-error.ts) builds the
 * error from a key, so a key that is not here fails typecheck; the renderer shows `errors:<key>` in the
 * till's language (renderer/api/error-text.ts), the English `message` stays for logs and API clients.
 * Translations: shared/i18n/locales/<lng>/errors.json (the missing-key test checks every key and placeholder).
 */
const CATALOGUE = {
  // argument checks (the dispatcher's zod checks and the handlers' own)
  field_invalid: ['invalid_args', '{field}: invalid'],
  field_required: ['invalid_args', '{field}: required'],
  field_not_a_number: ['invalid_args', '{field}: must be a number'],
  field_not_text: ['invalid_args', '{field}: must be text'],
  field_too_small: ['invalid_args', '{field}: must be at least {minimum}'],
  field_too_big: ['invalid_args', '{field}: must be at most {maximum}'],
  field_above: ['invalid_args', '{field}: must be more than {minimum}'],
  field_below: ['invalid_args', '{field}: must be less than {maximum}'],
  field_too_few: ['invalid_args', '{field}: must have at least {minimum} entries'],
  field_too_many: ['invalid_args', '{field}: must have at most {maximum} entries'],
  field_too_short: ['invalid_args', '{field}: must have at least {minimum} characters'],
  field_too_long: ['invalid_args', '{field}: must have at most {maximum} characters'],
  field_not_allowed: ['invalid_args', '{field}: not one of the allowed values'],
  field_bad_format: ['invalid_args', '{field}: not in the expected format'],
  minor_unit: ['invalid_args', "{field}: must have at most {places} decimals (the currency's minor unit)"],
  minor_unit_one: ['invalid_args', "{field}: must have at most 1 decimal (the currency's minor unit)"],
  must_be_positive: ['invalid_args', '{field}: must be more than 0'],
  from_after_to: ['invalid_args', 'from: must not be after to'],
  locale_unknown: ['invalid_args', 'locale: not a locale this system knows'],
  time_zone_unknown: ['invalid_args', 'timeZone: not a time zone this system knows'],
  own_key_elsewhere: [
    'invalid_args',
    "gateway.merchantKey: that is this till's own gateway key, which never leaves this computer; use the key the hosted gateway gave you",
  ],
  key_needs_https: [
    'invalid_args',
    'gateway.baseUrl: a till key or merchant key is sent only over HTTPS (or plain http to this computer); use the https:// address of the gateway (a shop server serves HTTPS with --tls-cert and --tls-key)',
  ],
  // the dispatcher
  unknown_command: ['unknown_command', 'Unknown command: {command}'],
  internal: ['internal', 'Something went wrong in the till. It has been logged.'],
  internal_detail: ['internal', '{detail}'],
  window_only: ['forbidden', 'Calls are accepted from the Paydesk window only.'],
  command_not_named: ['unknown_command', 'The command must be a name.'],
  pos_token_refused: ['unauthorized', 'Missing or wrong PosApi token'],
  display_token_refused: ['unauthorized', 'Missing or wrong display token'],
  // orders and payments
  order_not_found: ['not_found', 'No order {orderId}.'],
  order_not_yours: ['not_found', 'No order {orderId} of yours.'],
  order_not_sent: ['conflict', 'The order has not reached the gateway yet.'],
  order_ended: ['conflict', 'The order is already {status}.'],
  money_seen_ask_manager: ['forbidden', 'Money was already received for this payment: ask a manager to cancel it.'],
  money_seen_confirm_pin: [
    'pin_required',
    'Money was already received for this payment: type your PIN to cancel it anyway.',
  ],
  not_under_review: ['conflict', 'The payment is {status}, not under review.'],
  no_instruction: ['conflict', 'The order has no payment instruction yet.'],
  no_deadline: ['conflict', 'This payment has no deadline.'],
  amount_below_minimum: ['invalid_args', 'The amount is below the minimum of {minimum} {symbol}.'],
  amount_above_maximum: ['invalid_args', 'The amount is above the maximum of {maximum} {symbol}.'],
  refund_other_order: ['conflict', 'That refund belongs to another order.'],
  refund_not_found: ['not_found', 'There is no such refund on this order.'],
  // cart sales
  sale_not_found: ['not_found', 'There is no such sale.'],
  cash_short: ['invalid_args', 'The cash handed over is less than the cash part.'],
  tender_over_total: ['invalid_args', 'Cash and card come to more than the total of {total}.'],
  still_due: ['invalid_args', '{rest} is still due: take it in crypto, cash or card.'],
  item_deleted_in_cart: ['invalid_args', 'No item {itemId} in the catalogue: it was deleted; take it off the cart.'],
  tips_off: ['invalid_args', 'Tips are off for this shop (sales settings).'],
  tip_over_sale: ['invalid_args', '{field}: must not be more than the sale ({total})'],
  tip_decimals: ['invalid_args', '{field}: must have at most {places} decimals'],
  tip_not_offered: ['invalid_args', 'tip: must be one of the offered percentages'],
  tip_question_not_found: ['not_found', 'There is no such tip question.'],
  tip_question_closed: ['conflict', 'This tip question is not open.'],
  discount_needs_approval: [
    'approval_required',
    "A discount of {percent} % is above the shop's limit of {limit} %: a manager approves it with their PIN.",
  ],
  // catalogue
  item_not_found: ['not_found', 'There is no such item (it may have been deleted).'],
  sku_taken: ['conflict', 'The SKU {sku} already belongs to {name}.'],
  barcode_taken: ['conflict', 'The barcode {barcode} already belongs to {name}.'],
  csv_unreadable: ['invalid', 'The file is not CSV that Paydesk can read (line {line}).'],
  // shifts
  no_shift: ['no_shift', 'No shift is open: open one with a cash float first.'],
  shift_already_open: ['conflict', 'A shift is already open: close it first.'],
  cash_out_too_much: [
    'invalid_args',
    'amount: cash out of {amount} is more than the {expected} expected in the drawer',
  ],
  z_report_not_found: ['not_found', 'There is no Z report number {number}.'],
  // staff and PINs
  locked_sign_in: ['signed_out', 'The till is locked: sign in with your PIN.'],
  sign_in_first: ['signed_out', 'Sign in first.'],
  sign_in_to_change_pin: ['signed_out', 'Sign in to change your PIN.'],
  may_not: ['forbidden', '{name} ({role}) may not {action}: ask a manager or the owner.'],
  current_pin_needed: ['wrong_pin', 'Type your current PIN to set a new one.'],
  wrong_pin: ['wrong_pin', 'That PIN is not right.'],
  locked_now: ['account_locked', "That PIN is not right. Too many wrong PINs: {name}'s account is locked for {wait}."],
  locked_still: ['account_locked', "Too many wrong PINs: {name}'s account is locked for {wait} more."],
  approver_not_manager: ['forbidden', 'Only a manager or the owner can approve this.'],
  account_not_found: ['not_found', 'No account {accountId}.'],
  active_account_not_found: ['not_found', 'No active account {accountId}.'],
  account_name_taken: ['conflict', 'There is already an account named {name}.'],
  last_owner: ['conflict', 'The till needs at least one active owner.'],
  // setup, gateway, shop server
  shop_not_set_up: ['not_configured', 'Set up the shop first: look up its payee.'],
  payee_not_found: ['payee_not_found', '{networkId} is not a user of this gateway.'],
  shop_server_needed: ['not_configured', 'The whole-shop view needs the till connected to a shop server (Setup).'],
  sandbox_only: ['sandbox_only', 'Only in TEST MODE (the embedded sandbox gateway).'],
  gateway_unreachable: ['gateway_unreachable', 'The gateway cannot be reached. {detail}'],
  gateway_error: ['gateway_error', '{message}'],
  gateway_bad_parameter: ['gateway_error', '{message}'],
  gateway_config_refused: ['invalid_args', '{message}'],
  gateway_asset_unknown: ['gateway_error', '{message}'],
  gateway_amount_too_low: ['gateway_error', '{message}'],
  gateway_amount_too_high: ['gateway_error', '{message}'],
  gateway_order_done: ['gateway_error', '{message}'],
  gateway_order_failed: ['gateway_error', '{message}'],
  gateway_cannot_cancel: ['gateway_error', '{message}'],
  gateway_not_found: ['gateway_error', '{message}'],
  gateway_rate_limited: ['gateway_error', '{message}'],
  gateway_key_refused: ['gateway_error', '{message}'],
  gateway_till_key_refused: [
    'gateway_error',
    "This till's key was refused by the shop server. Ask the owner to register this till again in Setup.",
  ],
  // printing and backups
  no_printer: ['not_configured', 'No receipt printer is set up (Setup, Receipt printer).'],
  printer_unreachable: ['unavailable', 'The receipt printer ({where}) cannot be reached: {detail}'],
  receipt_needs_paid_sale: ['conflict', 'Only a paid sale has a receipt.'],
  receipt_needs_paid_order: ['conflict', 'Only a paid order has a receipt.'],
  backups_unavailable: ['unavailable', 'Backups are not available in this till.'],
  backup_not_configured: ['invalid_args', 'Choose a folder and a passphrase first.'],
  backup_folder_not_absolute: ['invalid_args', 'folder: must be an absolute path'],
  backup_folder_missing: [
    'invalid_args',
    'folder: {folder} does not exist (plug in the drive, or create the folder first)',
  ],
  backup_passphrase_first: ['invalid_args', 'passphrase: is required the first time'],
  backup_problem: ['invalid_args', '{message}'],
  restore_wrong_passphrase: ['invalid_args', '{message}'],
  restore_not_a_backup: ['invalid_args', '{message}'],
  restore_damaged: ['invalid_args', '{message}'],
  restore_only_new: [
    'conflict',
    'Only a new till can be restored from Setup; use npm run restore for another data directory.',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export type ErrorKey = keyof typeof CATALOGUE;

/**
 * How the fields named in refusals read on screen (`field.<path>`): the renderer puts the label in place
 * of `{field}` when it translates; English keeps the field's own name, as the English `message` does.
 */
export const FIELD_LABELS = {
  'field.amount': 'amount',
  'field.quoteAmount': 'amount',
  'field.tip': 'tip',
  'field.cart.tip': 'tip',
  'field.cash': 'cash',
  'field.pin': 'PIN',
  'field.currentPin': 'current PIN',
  'field.newPin': 'new PIN',
  'field.name': 'name',
  'field.price': 'price',
  'field.sku': 'SKU',
  'field.barcode': 'barcode',
  'field.reason': 'reason',
  'field.folder': 'folder',
  'field.passphrase': 'passphrase',
  'field.file': 'file',
  'field.from': 'from',
  'field.to': 'to',
  'field.arguments': 'input',
} as const;

/**
 * Words the main process sends as values in English (`{status}`, `{role}`, `{action}` of `permission`,
 * `{wait}` of `waitUnit`/`waitCount`): the renderer puts these in their place when it translates.
 */
export const VALUE_WORDS = {
  'status.queued': 'queued',
  'status.unpaid': 'unpaid',
  'status.confirming': 'confirming',
  'status.paid_less': 'paid_less',
  'status.pending': 'pending',
  'status.auditing': 'auditing',
  'status.success': 'success',
  'status.failed': 'failed',
  'role.cashier': 'cashier',
  'role.manager': 'manager',
  'role.owner': 'owner',
  'permission.sell': 'sell',
  'permission.orders.all': "see other cashiers' orders",
  'permission.cancel': 'cancel a payment',
  'permission.review': 'open the day review',
  'permission.review.decide': 'decide on payments under review',
  'permission.export': 'export',
  'permission.setup': 'change Setup',
  'permission.staff': 'manage staff',
  'permission.audit': 'see the audit log',
  'permission.backup': 'manage backups',
  'permission.catalogue': 'edit the catalogue',
  'permission.shift': 'open or close a shift',
  'wait.hour': '1 hour',
  'wait.minutes': '{count} minutes',
  'wait.seconds': '{count} seconds',
} as const;
/** The PosApi code each key is raised with. */
export type ErrorCodeOf<K extends ErrorKey> = (typeof CATALOGUE)[K][0];

export function errorCodeOf(key: ErrorKey): string {
  return CATALOGUE[key][0];
}

/** The English source of the `errors` namespace (what the other languages' errors.json translate). */
export const errorsEnglish = {
  ...(Object.fromEntries(Object.entries(CATALOGUE).map(([key, [, english]]) => [key, english])) as Record<
    ErrorKey,
    string
  >),
  ...FIELD_LABELS,
  ...VALUE_WORDS,
};
