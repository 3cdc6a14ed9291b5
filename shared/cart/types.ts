/**
 * The cart's inputs and its priced result (docs/cart-arithmetic.md). Inputs are validated with these
 * schemas at every door (PosApi args, CSV import); amounts are decimal strings, percentages too.
 */
import { z } from 'zod';
import { compare } from '../money.js';

/** Amounts and percentages: plain non-negative decimals ("12.5", "0.07"). */
export const DecimalTextSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,12})?$/, 'must be a plain decimal such as 12.50');

/** A percentage from 0 to 100 ("8.25"). */
export const PercentSchema = DecimalTextSchema.refine((text) => compare(text, '100') <= 0, {
  message: 'must be a percentage from 0 to 100',
});

export const DiscountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('amount'), value: DecimalTextSchema }).strict(),
  z.object({ kind: z.literal('percent'), value: PercentSchema }).strict(),
]);
/** An amount off (in the shop currency, capped at what it applies to) or a percentage off. */
export type Discount = z.infer<typeof DiscountSchema>;

export const CartLineInputSchema = z
  .object({
    /** The catalogue item's id; absent for a custom amount typed on the keypad. */
    itemId: z.string().trim().min(1).max(40).optional(),
    name: z.string().trim().min(1).max(80),
    /** Price of one unit in the shop currency, as the shop states it (with or without tax: the shop's choice). */
    unitPrice: DecimalTextSchema,
    quantity: z.number().int('must be a whole number').min(1).max(9999),
    /** Tax rate in percent ("0" when none). */
    taxRate: PercentSchema,
    discount: DiscountSchema.optional(),
  })
  .strict();
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

export const TipChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z.object({ kind: z.literal('percent'), value: PercentSchema }).strict(),
  z.object({ kind: z.literal('amount'), value: DecimalTextSchema }).strict(),
]);
export type TipChoice = z.infer<typeof TipChoiceSchema>;

export const CartInputSchema = z
  .object({
    lines: z.array(CartLineInputSchema).min(1, 'the cart is empty').max(200),
    orderDiscount: DiscountSchema.optional(),
    tip: TipChoiceSchema.optional(),
  })
  .strict();
export type CartInput = z.infer<typeof CartInputSchema>;

/** Whether shelf prices hold the tax (`included`, usual for consumer prices in Europe) or get it on top (`added`). */
export const TaxModeSchema = z.enum(['included', 'added']);
export type TaxMode = z.infer<typeof TaxModeSchema>;
/** Where tax is rounded: each line's tax (`line`), or each rate's tax over the whole order (`order`). */
export const RoundingRuleSchema = z.enum(['line', 'order']);
export type RoundingRule = z.infer<typeof RoundingRuleSchema>;

/** The shop's settings that decide the arithmetic. */
export interface CartRules {
  taxMode: TaxMode;
  rounding: RoundingRule;
  /** The shop currency's minor unit as fractional digits (2 for USD and EUR, 0 for JPY). */
  places: number;
}

export interface PricedLine {
  itemId: string;
  name: string;
  unitPrice: string;
  quantity: number;
  taxRate: string;
  /** unitPrice x quantity. */
  gross: string;
  /** This line's own discount (rounded to the minor unit). */
  discount: string;
  /** This line's share of the order discount (minor units, shares add up to the order discount). */
  orderDiscountShare: string;
  /** gross - discount - orderDiscountShare: what the line sells for, as the shop prices (tax mode). */
  net: string;
  /** Tax of this line: rounded under the `line` rule; under `order` the exact share (see taxes). */
  tax: string;
  /** What the payer pays for the line: net (tax included) or net + tax (tax added). */
  total: string;
}

export interface TaxBreakdown {
  /** Percent. */
  rate: string;
  /** The amount taxed at this rate, without the tax. */
  base: string;
  tax: string;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Sum of the lines' gross. */
  subtotal: string;
  lineDiscounts: string;
  orderDiscount: string;
  /** lineDiscounts + orderDiscount. */
  discountTotal: string;
  /** One row per tax rate that has a base, ascending by rate; their taxes add up to taxTotal. */
  taxes: TaxBreakdown[];
  taxTotal: string;
  taxMode: TaxMode;
  rounding: RoundingRule;
  /** What the sale costs: subtotal - discountTotal (+ taxTotal when tax is added). */
  saleTotal: string;
  /** The tip, apart from the sale; a percentage tip is of the sale total. */
  tip: string;
  /** What the payer pays: saleTotal + tip. */
  total: string;
}
