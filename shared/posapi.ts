/**
 * PosApi: the only door between the renderer and the main process. Commands are
 * name -> args -> result; events are pushed. Electron serves it over IPC (preload.ts), the
 * headless host over HTTP + an event stream; the renderer never knows which.
 * Args are validated with these schemas on the main side before any handler runs.
 */
import {
  backupArgSchemas,
  type BackupHealth,
  type BackupStatus,
  type BookExport,
  type RestoreStaged,
} from './backup.js';
import type { PricesView, RateUsedView } from './prices-view.js';
import { z } from 'zod';
import { LANGUAGE_CODES, type Language } from './i18n/languages.js';
import { plainText } from './plain-text.js';
import { staffArgSchemas, type PosCaller, type StaffResults } from './posapi-staff.js';
import { printingArgSchemas, type PrintingResults } from './posapi-printing.js';
import { refundArgSchemas, type RefundResults } from './posapi-refunds.js';
import { shopArgSchemas, TillKeySchema, type ShopResults } from './posapi-shop.js';
import { salesArgSchemas, shiftArgSchemas, type SalesResults, type ShiftResults } from './posapi-sales.js';
import { counterArgSchemas, type CounterResults } from './posapi-counter.js';
import type { ResultStatus } from './status.js';

export const GatewayModeSchema = z.enum(['sandbox', 'live']);
export type GatewayMode = z.infer<typeof GatewayModeSchema>;

export interface AppInfo {
  name: 'Paydesk';
  version: string;
  /** The embedded gateway's mode. */
  mode: GatewayMode;
  /** Base URL of the gateway the till talks to (ends without a slash; paths start with /v1). */
  gatewayUrl: string;
  dataDir: string;
  /** Which shell serves the PosApi. */
  shell: 'electron' | 'host';
}

/** Status of an order in the till: the gateway's result status, or `queued` while not yet created there. */
export type OrderStatus = ResultStatus | 'queued';

export interface PayeeView {
  networkId: string;
  payeeId: string;
  /** Display name when the gateway knows it (the embedded one does); '' otherwise. */
  fullName: string;
}

/**
 * Which gateway the till uses, as Setup sends it. A hosted gateway may carry its own merchant key:
 * absent keeps the key already set for that same URL, '' removes it. The key is never shown again.
 */
export const GatewayTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('embedded') }),
  z.object({
    kind: z.literal('hosted'),
    baseUrl: z
      .string()
      .trim()
      .url('must be a URL such as https://gateway.example')
      .regex(/^https?:\/\//i, 'must start with https:// (or http://)'),
    // Printable ASCII without spaces: it goes into an HTTP header as a bearer token.
    merchantKey: z
      .string()
      .trim()
      .max(256)
      .regex(/^[\x21-\x7e]*$/, 'must be the key as the gateway gave it (no spaces)')
      .optional(),
    tillKey: TillKeySchema.optional(),
  }),
]);
export type GatewayTarget = z.infer<typeof GatewayTargetSchema>;

/** The gateway setting as the renderer sees it: whether a hosted gateway has a key, never the key. */
export type GatewayView =
  { kind: 'embedded' } | { kind: 'hosted'; baseUrl: string; merchantKeySet: boolean; tillKeySet?: boolean };

export interface TillSettings {
  /** False until setup has chosen a payee; the renderer leads to Setup while false. */
  configured: boolean;
  shopName: string;
  payee: PayeeView | null;
  /** Default quote currency: lower-case fiat code ("usd") or an asset id. */
  quoteAssetId: string;
  /** Default settlement asset id; '' settles in what the payer pays. */
  settlementAssetId: string;
  gateway: GatewayView;
  /** BCP 47 locale for amounts and dates, e.g. "en-US": the shop's choice, else its language's. */
  locale: string;
  /** False when `locale` follows the language ("Same as the language" in Setup). */
  localeChosen?: boolean;
  /** IANA time zone of the shop, e.g. "Europe/Berlin". */
  timeZone: string;
  /** Public callback URL when a hosted gateway is used; '' to rely on polling. */
  publicCallbackUrl: string;
  /** True once the owner account exists (made in first-run Setup; its PIN never leaves the main process). */
  ownerPinSet: boolean;
  /** The till locks after this many minutes without use (staff.setIdleLock). */
  idleLockMinutes: number;
  /** Minutes a payer has to pay, from Charge (the payment's deadline at the gateway); default 15. */
  timeToPayMinutes: number;
  /** The till's language (screens, paper receipt, receipt page): chosen in Setup, else from `locale` (absent: the same). */
  language?: Language;
}

const decimalArg = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'must be a positive decimal number such as 12.50');

export const SettingsPatchSchema = z
  .object({
    shopName: plainText(80).pipe(z.string().min(1)),
    payeeNetworkId: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'must be a numeric network id'),
    quoteAssetId: z.string().trim().min(1).max(64),
    settlementAssetId: z.string().trim().max(64),
    gateway: GatewayTargetSchema,
    locale: z.union([z.literal(''), z.string().trim().min(2).max(35)]),
    timeZone: z.string().trim().min(1).max(64),
    language: z.enum(LANGUAGE_CODES),
    publicCallbackUrl: z.union([z.literal(''), z.string().url()]),
    /** At first run: the owner account's PIN. Later: the signed-in owner's new PIN (with `currentPin`). */
    timeToPayMinutes: z
      .number()
      .int('must be whole minutes')
      .min(1, 'must be at least 1 minute')
      .max(2879, 'must be less than 48 hours'),
    ownerPin: z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits'),
    /** The PIN in use, needed to set a new `ownerPin`. */
    currentPin: z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits'),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export interface QuoteAssetView {
  assetId: string;
  symbol: string;
  /** True for crypto quote assets, false for fiat currencies. */
  isCrypto: boolean;
  decimalDigit: number;
  minQuoteAmount: string;
  maxQuoteAmount: string;
}

export interface PaymentAssetView {
  assetId: string;
  symbol: string;
  name: string;
  network: string;
  iconUrl: string;
  onChainSupported: boolean;
  minPaymentAmount: string;
  maxPaymentAmount: string;
  /** False when the gateway takes this asset only on chain (live mode: no wallet rail). */
  walletSupported: boolean;
  /** False when this asset cannot pay the given quote; `reason` says why in words. */
  usable: boolean;
  reason: string;
}

export interface SettlementAssetView {
  assetId: string;
  symbol: string;
  name: string;
  network: string;
}

/** What the payer's wallet needs: the current payment instruction of an order. */
export interface InstructionView {
  clientId: string;
  paymentAssetId: string;
  paymentSymbol: string;
  paymentAmount: string;
  isChain: boolean;
  /** The payment asset's network ("Bitcoin", "Ethereum", ...); '' when the till does not know it yet. */
  network: string;
  /** Wallet payments: the gateway's receiving account and memo; '' on chain. */
  recipient: string;
  memo: string;
  /** On-chain payments: deposit address and tag ('' when none). */
  destination: string;
  tag: string;
  /** Unix seconds when this instruction (quote) ends; it is refreshed automatically. */
  expire: number;
  seconds: number;
  /** The URI the QR carries: mixin://pay?... for wallets, BIP21 / EIP-681 / plain address on chain. */
  paymentUri: string;
}

export interface OrderProgress {
  /** Total due, in the payment asset. */
  payableAmount: string;
  /** Recognised so far (seen, confirmed or not). */
  paidAmount: string;
  /** What is still due (0 when paid in full). */
  remainingAmount: string;
  /** -1 unless confirming or pending on chain. */
  confirmations: number;
  requiredConfirmations: number;
  failureCode: string;
  failureReason: string;
  /** Unix seconds of the payment deadline, 0 when none. */
  expiredAt: number;
  surplusAmount: string;
  settleStatus: string;
  /** The rate that priced the payment, when the gateway says (Paydesk's gateway does, with=payment). */
  rate?: RateUsedView;
}

export interface OrderEventView {
  at: number;
  kind: 'created' | 'queued' | 'instruction' | 'status' | 'callback' | 'cancel' | 'mismatch' | 'note';
  text: string;
}

export interface OrderView {
  /** The till's order id (also sent to the gateway as `orderId`). */
  orderId: string;
  traceId: string;
  payeeId: string;
  quoteAssetId: string;
  quoteSymbol: string;
  quoteAmount: string;
  note: string;
  status: OrderStatus;
  instruction: InstructionView | null;
  progress: OrderProgress | null;
  /** Set when the gateway's result disagrees with the order (payee, quote asset, amount). */
  mismatch: string;
  createdAt: number;
  updatedAt: number;
  /** The order's deadline (ms on the till's clock, from the shop's time to pay); 0 when none. */
  payBy: number;
  history: OrderEventView[];
  /** Who rang it up (display name at the time); '' for orders from before staff accounts. */
  cashierName: string;
}

export const OrderIdArgSchema = z.object({ orderId: z.string().trim().min(6).max(36) }).strict();

// ---- the day review (managers and the owner) ----

export type {
  DayOrderRow,
  DayReview,
  DayTotals,
  DeliveryAttemptView,
  DeliveryView,
  OrderDetail,
  RailHealthView,
  RailsView,
  TransactionDetail,
} from './owner-views.js';
import type { DayReview, OrderDetail, RailHealthView, RailsView } from './owner-views.js';

const dayArg = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/** Command argument schemas. Adding a command: add its schema here and its result to PosResults. */
export const posArgSchemas = {
  'app.info': z.object({}).strict(),
  /** The gateway connection now (the pushed `connection.changed` tells what changes after). */
  'connection.get': z.object({}).strict(),
  'settings.get': z.object({}).strict(),
  /** Open at first run (no owner account yet); after that the owner's session, and a new PIN also `currentPin`. */
  'settings.save': SettingsPatchSchema,
  'payee.lookup': z
    .object({
      networkId: z
        .string()
        .trim()
        .regex(/^\d{1,20}$/, 'must be a numeric network id'),
    })
    .strict(),
  /** Registers the shop's payee on the gateway (live mode's first run); after first run it is Setup's (the owner). */
  'payee.register': z
    .object({
      networkId: z
        .string()
        .trim()
        .regex(/^\d{1,20}$/, 'must be digits only (the number of your account on the payment network)'),
      fullName: z.string().trim().min(1, 'type the shop name').max(80),
    })
    .strict(),
  /** The chain scanners' health (live rails); empty in the sandbox. */
  'rails.health': z.object({}).strict(),
  /** `payeeId`: a payee just looked up in Setup, before it is saved (first run); else the shop's. */
  'assets.quote': z.object({ payeeId: z.string().trim().min(1).max(64).optional() }).strict(),
  'assets.payment': z.object({ quoteAssetId: z.string().trim().min(1), quoteAmount: decimalArg.optional() }).strict(),
  'assets.settlement': z.object({ payeeId: z.string().trim().min(1).max(64).optional() }).strict(),
  'order.create': z
    .object({
      quoteAssetId: z.string().trim().min(1),
      quoteAmount: decimalArg,
      paymentAssetId: z.string().trim().min(1),
      isChain: z.boolean(),
      note: plainText(50).optional(),
    })
    .strict(),
  'order.get': OrderIdArgSchema,
  'order.list': z
    .object({
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
        .optional(),
      limit: z.number().int().min(1).max(500).optional(),
    })
    .strict(),
  'order.refresh': OrderIdArgSchema,
  /** A cashier's own sale that nothing was paid on (README, "Staff and roles"). */
  'order.abandon': OrderIdArgSchema,
  /** Once money was seen for the order, `pin` (the owner PIN) is needed. */
  'order.cancel': z
    .object({
      orderId: z.string().trim().min(6).max(36),
      pin: z
        .string()
        .regex(/^\d{4,8}$/, 'must be 4 to 8 digits')
        .optional(),
    })
    .strict(),
  /** Sandbox only: the simulated payer pays the whole remaining amount of the current instruction. */
  'sandbox.payInFull': OrderIdArgSchema,
  /** Sandbox only: the simulated payer pays `amount` (in the payment asset). */
  'sandbox.payPart': z.object({ orderId: z.string().trim().min(6).max(36), amount: decimalArg }).strict(),
  'sandbox.mine': z.object({ network: z.string().trim().min(1), count: z.number().int().min(1).max(1000) }).strict(),
  /** Sandbox only: moves the gateway's clock just past the order's deadline. */
  'sandbox.advanceToDeadline': OrderIdArgSchema,
  'sandbox.advanceClock': z
    .object({
      seconds: z
        .number()
        .int()
        .min(1)
        .max(30 * 24 * 3600),
    })
    .strict(),
  'owner.day': z
    .object({
      day: dayArg.optional(),
      status: z.string().max(20).optional(),
      assetId: z.string().max(64).optional(),
      method: z.enum(['wallet', 'chain']).optional(),
      search: z.string().trim().max(64).optional(),
      cashierId: z.string().trim().max(40).optional(),
      page: z.number().int().min(0).max(100_000).optional(),
    })
    .strict(),
  'owner.order': z.object({ orderId: z.string().trim().min(6).max(36) }).strict(),
  'owner.review': z
    .object({
      orderId: z.string().trim().min(6).max(36),
      decision: z.enum(['approve', 'reject']),
      reason: z.string().trim().min(1, 'a reason is required').max(200),
    })
    .strict(),
  'owner.redeliver': z.object({ orderId: z.string().trim().min(6).max(36), deliveryId: z.string().uuid() }).strict(),
  'owner.rails': z.object({}).strict(),
  /** Saves the EVM rail configuration (validated by the gateway; see the README). */
  'owner.saveRails': z.object({ config: z.record(z.string(), z.unknown()) }).strict(),
  'owner.prices': z.object({}).strict(),
  'owner.savePrices': z.object({ config: z.record(z.string(), z.unknown()) }).strict(),
  /** CSV of the orders created in [from, to] (shop days, inclusive). */
  'owner.export': z.object({ from: dayArg, to: dayArg }).strict(),
  ...staffArgSchemas,
  ...backupArgSchemas,
  ...printingArgSchemas,
  ...refundArgSchemas,
  ...salesArgSchemas,
  ...shopArgSchemas,
  ...shiftArgSchemas,
  ...counterArgSchemas,
} as const;

export interface PosResults
  extends StaffResults, PrintingResults, RefundResults, SalesResults, ShiftResults, ShopResults, CounterResults {
  'app.info': AppInfo;
  'connection.get': ConnectionView;
  'settings.get': TillSettings;
  'settings.save': TillSettings;
  'payee.lookup': PayeeView;
  'payee.register': PayeeView;
  'rails.health': RailHealthView[];
  'assets.quote': QuoteAssetView[];
  'assets.payment': PaymentAssetView[];
  'assets.settlement': SettlementAssetView[];
  'order.create': OrderView;
  'order.get': OrderView;
  'order.list': OrderView[];
  'order.refresh': OrderView;
  'order.abandon': OrderView;
  'order.cancel': OrderView;
  'sandbox.payInFull': OrderView;
  'sandbox.payPart': OrderView;
  'sandbox.mine': { network: string; height: number };
  'sandbox.advanceClock': { nowMs: number };
  'sandbox.advanceToDeadline': OrderView;
  'owner.day': DayReview;
  'owner.order': OrderDetail;
  'owner.review': OrderDetail;
  'owner.redeliver': OrderDetail;
  'owner.export': { filename: string; csv: string; rows: number };
  'owner.rails': RailsView;
  'owner.saveRails': RailsView;
  'backup.health': BackupHealth;
  'backup.status': BackupStatus;
  'backup.configure': BackupStatus;
  'backup.run': BackupStatus;
  'backup.restore': RestoreStaged;
  'backup.exportBook': BookExport;
  'owner.prices': PricesView;
  'owner.savePrices': PricesView;
}

export type PosCommand = keyof typeof posArgSchemas & keyof PosResults;
export type PosArgs<K extends PosCommand> = z.input<(typeof posArgSchemas)[K]>;
export type PosResult<K extends PosCommand> = PosResults[K];

export type { BackupHealth, BackupStatus, BookExport, RestoreStaged } from './backup.js';

/** The main side's implementation is checked against this (`satisfies PosHandlers`). */
export type PosHandlers = {
  [K in PosCommand]: (args: z.output<(typeof posArgSchemas)[K]>, caller: PosCaller) => Promise<PosResult<K>>;
};

export interface ConnectionView {
  /** False while the gateway cannot be reached. */
  online: boolean;
  /** Orders saved but not yet created at the gateway. */
  queued: number;
  /** Time of the last successful contact with the gateway (ms), 0 when never. */
  lastContactAt: number;
}

export interface PosEvents {
  /** The main process is alive; sent on connect so the renderer knows the stream works. */
  hello: { at: number };
  /** An order changed (after the change was committed). */
  'order.updated': OrderView;
  /** The gateway connection or the offline queue changed. */
  'connection.changed': ConnectionView;
  /** Settings changed. */
  'settings.changed': TillSettings;
}
export type PosEventName = keyof PosEvents;
/** One pushed event; a union over the names, so `switch (message.event)` narrows the payload. */
export type PosEventMessage = { [K in PosEventName]: { event: K; payload: PosEvents[K] } }[PosEventName];

/** What the renderer sees, whatever the transport. */
export interface PosApi {
  call<K extends PosCommand>(command: K, args: PosArgs<K>): Promise<PosResult<K>>;
  subscribe(listener: (message: PosEventMessage) => void): () => void;
}

/**
 * Errors cross the door as this shape; `field` names the bad argument when there is one.
 * Codes: invalid_args, unknown_command, internal, not_found, payee_not_found,
 * gateway_unreachable, gateway_error (message carries the gateway's own), sandbox_only,
 * not_configured, conflict, signed_out (no one is signed in on this connection, or the idle lock
 * ended the session), forbidden (the signed-in role may not do this: the message names the
 * permission), wrong_pin (a PIN that is not right, also a PIN change's current PIN), account_locked
 * (too many wrong PINs: the message says for how long).
 * `key` and `params` (when present) name the message in the `errors` catalogue (shared/i18n/errors-en.ts)
 * so the renderer can show it in the till's language; `message` is always the English text.
 */
export interface PosErrorShape {
  code: string;
  message: string;
  field?: string;
  key?: string;
  params?: Record<string, string | number>;
}

/** A message of the `errors` catalogue and its placeholder values. */
export interface PosErrorText {
  key: string;
  params: Record<string, string | number>;
}

export class PosError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly text?: PosErrorText,
  ) {
    super(message);
    this.name = 'PosError';
  }
  toShape(): PosErrorShape {
    const shape: PosErrorShape = { code: this.code, message: this.message };
    if (this.field !== undefined) shape.field = this.field;
    if (this.text) Object.assign(shape, { key: this.text.key, params: this.text.params });
    return shape;
  }
}

/** What a command answers across a transport: its result, or an error shape (never a thrown stack). */
export type PosOutcome = { ok: true; result: unknown } | { ok: false; error: PosErrorShape };

/**
 * What Electron's preload exposes as `window.paydeskBridge`: raw outcomes and events, no classes
 * (contextBridge copies plain data only). The renderer wraps it into a PosApi.
 */
export interface PaydeskBridge {
  invoke(command: string, args: unknown): Promise<PosOutcome>;
  onEvent(listener: (message: PosEventMessage) => void): () => void;
}

export function isPosCommand(name: string): name is PosCommand {
  return Object.prototype.hasOwnProperty.call(posArgSchemas, name);
}

export { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from './ipc.js';

export type { PosCaller, Permission, Role, StaffSession } from './posapi-staff.js';
export type { PricesView, RateUsedView } from './prices-view.js';
