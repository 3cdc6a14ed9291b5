/**
 * The PosApi's selling parts (README, "Catalogue"; docs/cart-arithmetic.md): the item catalogue with its
 * CSV import and export, and the shop's sales settings (tax mode, rounding rule, tips, what the receipt
 * prints about the shop). Spread into the contract in posapi.ts; permissions in staff/permissions.ts.
 */
import { z } from 'zod';
import { DecimalTextSchema, PercentSchema, RoundingRuleSchema, TaxModeSchema } from './cart/types.js';

// Shown on the grid, receipts and screens: printable text, no control or direction characters.
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'must be plain text');
const code = z
  .string()
  .trim()
  .max(40)
  .regex(/^[\x21-\x7e]*$/, 'must be letters, digits or symbols without spaces');
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
};

export const salesArgSchemas = {
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
} as const;

export interface SalesResults {
  'items.list': ItemView[];
  'items.save': ItemView;
  'items.delete': { deleted: true };
  'items.export': { filename: string; csv: string; rows: number };
  'items.import': CatalogueImport;
  'sales.settings': SalesSettings;
  'sales.saveSettings': SalesSettings;
}
