/**
 * The PosApi's selling parts (README, "Catalogue"; docs/cart-arithmetic.md): the item catalogue with its
 * CSV import and export, and the shop's sales settings (tax mode, rounding rule, tips, what the receipt
 * prints about the shop). Spread into the contract in posapi.ts; permissions in staff/permissions.ts.
 */
import { z } from 'zod';
import { plainText } from './plain-text.js';
import {
  CartInputSchema,
  DecimalTextSchema,
  PercentSchema,
  RoundingRuleSchema,
  TaxModeSchema,
  type PricedCart,
} from './cart/types.js';

const code = z
  .string()
  .trim()
  .max(40)
  .regex(/^[\x21-\x7e]*$/, 'must be letters, digits or symbols without spaces');
const dayArg = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

export const ItemIdSchema = z
  .string()
  .trim()
  .regex(/^it-[a-z0-9]{4,32}$/, 'must be an item id');

export const ItemFieldsSchema = z
  .object({
    name: plainText(60).pipe(z.string().min(1, 'type a name')),
    /** Price of one unit in the shop currency, with or without tax as the shop's tax mode says. */
    price: DecimalTextSchema,
    /** '' files the item under "Other". */
    category: plainText(40),
    /** Percent, '0' for none. */
    taxRate: PercentSchema,
    /** Optional codes; each, when given, belongs to one item only. */
    sku: code,
    barcode: code,
    /** '#rrggbb', or '' for the default. */
    colour: z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #3366cc')]),
  })
  .strict();
export type ItemFields = z.infer<typeof ItemFieldsSchema>;

export interface ItemView extends ItemFields {
  itemId: string;
  createdAt: number;
  updatedAt: number;
}

export interface ImportProblem {
  /** 1-based line of the CSV file (the header is line 1). */
  line: number;
  field: string;
  message: string;
}

/** An import is all or nothing: any problem and nothing is written. */
export interface CatalogueImport {
  created: number;
  updated: number;
  problems: ImportProblem[];
}

export const TipPresetsSchema = z.array(PercentSchema).max(4);

export const SalesSettingsSchema = z
  .object({
    taxMode: TaxModeSchema,
    rounding: RoundingRuleSchema,
    /** Whether the cashier asks for a tip before the payment. */
    tipsEnabled: z.boolean(),
    /** Preset percentages offered, e.g. ["10", "15", "20"]. */
    tipPresets: TipPresetsSchema,
    /** Printed on receipts and Z reports. */
    shopAddress: plainText(160),
    taxId: plainText(40),
    /** A discount above this percentage (of its line, or of the order) needs a manager's PIN when staff accounts exist. */
    discountLimit: PercentSchema,
  })
  .strict();
export type SalesSettings = z.infer<typeof SalesSettingsSchema>;

export const DEFAULT_SALES_SETTINGS: SalesSettings = {
  taxMode: 'added',
  rounding: 'line',
  tipsEnabled: false,
  tipPresets: ['10', '15', '20'],
  shopAddress: '',
  taxId: '',
  discountLimit: '10',
};

/** How a sale is paid: any of cash, card on an external terminal, and crypto for the rest (the gateway). */
export const CheckoutSchema = z
  .object({
    cart: CartInputSchema,
    /** Cash counted toward the sale (`amount`) out of what the payer handed over (`tendered`). */
    cash: z.object({ amount: DecimalTextSchema, tendered: DecimalTextSchema }).strict().optional(),
    /** Paid on the card terminal, with its reference (the slip's number). */
    card: z
      .object({ amount: DecimalTextSchema, reference: plainText(40).pipe(z.string().min(1, 'type the reference')) })
      .strict()
      .optional(),
    /** What is left after cash and card goes to the gateway in this asset. */
    crypto: z
      .object({ paymentAssetId: z.string().trim().min(1).max(64), isChain: z.boolean() })
      .strict()
      .optional(),
    note: plainText(50).optional(),
    /** A manager's approval of a discount above the shop's limit: their account and PIN. */
    approval: z
      .object({
        accountId: z.string().trim().min(1).max(40),
        pin: z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits'),
      })
      .strict()
      .optional(),
  })
  .strict();
export type CheckoutArgs = z.infer<typeof CheckoutSchema>;

/** One way the payer paid part of a sale. */
export interface TenderView {
  kind: 'cash' | 'card' | 'crypto';
  /** Counted toward the sale's total, in the shop currency. */
  amount: string;
  /** Cash: handed over, and the change given back; '' otherwise. */
  tendered: string;
  change: string;
  /** Card: the terminal's reference; crypto: the order id in the order book. */
  reference: string;
}

/**
 * `open` while the crypto part is not yet paid; `paid` when every tender is in; `failed` when the
 * crypto part ended unpaid (the cashier gives back cash and voids the card payment).
 */
export type SaleStatus = 'open' | 'paid' | 'failed';

export interface SaleView {
  saleId: string;
  createdAt: number;
  cashierName: string;
  /** The shop currency (quote asset id) and its symbol. */
  currency: string;
  symbol: string;
  priced: PricedCart;
  tenders: TenderView[];
  /** The crypto part's order ('' when none). */
  orderId: string;
  status: SaleStatus;
  note: string;
}

export const salesArgSchemas = {
  /** Prices the cart again in the main process, records cash and card, and sends the rest to the gateway. */
  'sale.checkout': CheckoutSchema,
  /** A sale by its id, or the sale an order is the crypto part of. */
  'sale.get': z
    .object({
      saleId: z.string().trim().min(4).max(40).optional(),
      orderId: z.string().trim().min(6).max(36).optional(),
    })
    .strict()
    .refine((a) => (a.saleId === undefined) !== (a.orderId === undefined), 'give a saleId or an orderId'),
  /** The grid: every item, by category then name. */
  'items.list': z.object({}).strict(),
  /** Creates an item (no `itemId`) or replaces one's fields. */
  'items.save': ItemFieldsSchema.extend({ itemId: ItemIdSchema.optional() }).strict(),
  'items.delete': z.object({ itemId: ItemIdSchema }).strict(),
  'items.export': z.object({}).strict(),
  /** CSV text with a header row (README, "Catalogue"); at most 1 MB. */
  'items.import': z.object({ csv: z.string().max(1_000_000) }).strict(),
  'sales.settings': z.object({}).strict(),
  'sales.saveSettings': SalesSettingsSchema.partial().strict(),
  /** The cart sales of a shop day (today when absent). */
  'sales.day': z.object({ day: dayArg.optional() }).strict(),
  /** CSV of the cart sales created in [from, to] (shop days, inclusive). */
  'sales.export': z.object({ from: dayArg, to: dayArg }).strict(),
} as const;

export interface SalesResults {
  'sales.day': SalesSummary & { day: string };
  'sales.export': { filename: string; csv: string; rows: number };
  'sale.checkout': SaleView;
  'sale.get': SaleView;
  'items.list': ItemView[];
  'items.save': ItemView;
  'items.delete': { deleted: true };
  'items.export': { filename: string; csv: string; rows: number };
  'items.import': CatalogueImport;
  'sales.settings': SalesSettings;
  'sales.saveSettings': SalesSettings;
}

/** One row of a sum by something (a tender kind, a crypto asset, a cashier), in the shop currency. */
export interface SumRow {
  key: string;
  label: string;
  count: number;
  amount: string;
}

/**
 * What cart sales came to over a day or a shift (README, "Selling with a cart"): only paid sales
 * count in the sums; open and failed ones are counted apart. Amounts in the shop currency.
 */
export interface SalesSummary {
  currency: string;
  symbol: string;
  paid: number;
  open: number;
  failed: number;
  /** Sums of paid sales: sale totals (tips apart), tips, discounts, taxes, and all the payers paid. */
  saleTotal: string;
  tips: string;
  discounts: string;
  taxes: string;
  total: string;
  /** Cash, card, crypto: what each tender counted toward the sales. */
  tenders: SumRow[];
  /** Cash handed over and change given back (the drawer's side of the cash tender). */
  cashTendered: string;
  changeGiven: string;
  /** The crypto parts per payment asset (in the shop currency). */
  cryptoAssets: SumRow[];
  /** Per cashier: sales (count and total with tips) and tips apart. */
  cashiers: (SumRow & { tips: string })[];
  /** Per tax rate: base and tax. */
  taxRates: { rate: string; base: string; tax: string }[];
}

export interface CashMoveView {
  at: number;
  kind: 'in' | 'out';
  amount: string;
  reason: string;
  byName: string;
}

/** The open shift as the till shows it. */
export interface ShiftView {
  shiftId: string;
  openedAt: number;
  openedBy: string;
  float: string;
  moves: CashMoveView[];
  /** Cash the drawer should hold now: float + cash of the shift's sales that did not fail + cash in - cash out. */
  expectedCash?: string;
}

/**
 * The close-of-shift (Z) report: numbered, written once at close and never changed. Expected cash is
 * the float, plus the cash part of every sale of the shift that did not fail, plus cash in, minus cash out.
 */
export interface ZReport {
  number: number;
  shiftId: string;
  shopName: string;
  shopAddress: string;
  taxId: string;
  openedAt: number;
  openedBy: string;
  closedAt: number;
  closedBy: string;
  float: string;
  cashSales: string;
  cashIn: string;
  cashOut: string;
  moves: CashMoveView[];
  expectedCash: string;
  countedCash: string;
  /** counted - expected: negative when the drawer is short. */
  difference: string;
  sales: SalesSummary;
  /** Payments rung up on the Charge screen in the shift (paid; none of them part of a cart sale). Absent in reports from before. */
  chargeOrders?: ZChargeOrders;
  /** Refunds asked in the shift: what they pay back, per asset and (at the payments' rates) per currency. */
  refunds?: ZRefunds;
}

export interface ZChargeOrders {
  count: number;
  perQuote: SumRow[];
  perAsset: SumRow[];
}

export interface ZRefunds {
  count: number;
  /** Flagged payouts (the chain showed something else): never counted as paid out. */
  flagged: number;
  perAsset: SumRow[];
  perQuote: SumRow[];
}

const shiftAmount = DecimalTextSchema;

export const shiftArgSchemas = {
  'shift.current': z.object({}).strict(),
  'shift.open': z.object({ float: shiftAmount }).strict(),
  'shift.cashMove': z
    .object({
      kind: z.enum(['in', 'out']),
      amount: shiftAmount,
      reason: plainText(80).pipe(z.string().min(1, 'say why')),
    })
    .strict(),
  'shift.close': z.object({ counted: shiftAmount }).strict(),
  'shift.report': z.object({ number: z.number().int().min(1) }).strict(),
} as const;

export interface ShiftResults {
  'shift.current': ShiftView | null;
  'shift.open': ShiftView;
  'shift.cashMove': ShiftView;
  'shift.close': ZReport;
  'shift.report': ZReport;
}
