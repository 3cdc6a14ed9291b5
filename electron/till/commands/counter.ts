/**
 * The customer display's commands (README, "Customer display"): the cart as rung up, priced here under
 * the shop's rules and shown to the payer live; the tip question asked on the display, which the
 * cashier's screen polls and may end (choosing for the payer, or skipping).
 */
import { priceCart } from '../../../shared/cart/price.js';
import type { CartInput, PricedCart } from '../../../shared/cart/types.js';
import type { TipQuestionState } from '../../../shared/posapi-counter.js';
import type { Args, TillParts } from '../parts.js';
import { displayCart } from '../sales/counter-display.js';
import { currencyOf, fromCatalogue } from './checkout.js';

async function priced(
  till: TillParts,
  cart: CartInput,
): Promise<{ priced: PricedCart; symbol: string; places: number; price: (c: CartInput) => PricedCart }> {
  const { symbol, places } = await currencyOf(till, till.settings.stored().quoteAssetId);
  const rules = till.sales.get();
  const price = (c: CartInput) =>
    priceCart(fromCatalogue(till, c), { taxMode: rules.taxMode, rounding: rules.rounding, places });
  return { priced: price({ ...cart, tip: { kind: 'none' } }), symbol, places, price };
}

/** display.cart */
export async function showCart(till: TillParts, { cart }: Args<'display.cart'>): Promise<{ displays: number }> {
  if (!cart) till.counter.showCart(null);
  else {
    const { priced: p, symbol } = await priced(till, cart);
    till.counter.showCart(displayCart(p, symbol));
  }
  return { displays: till.counter.displays };
}

/** display.askTip: the presets with what each comes to on this sale, and the cap for a custom tip. */
export async function askTip(
  till: TillParts,
  { cart }: Args<'display.askTip'>,
): Promise<{ questionId: string; displays: number }> {
  const { priced: p, symbol, places, price } = await priced(till, cart);
  const presets = till.sales.get().tipPresets.map((percent) => ({
    percent,
    amount: price({ ...cart, tip: { kind: 'percent', value: percent } }).tip,
  }));
  const questionId = till.counter.ask(p, symbol, places, presets);
  return { questionId, displays: till.counter.displays };
}

/** display.tip */
export async function tipState(till: TillParts, { questionId }: Args<'display.tip'>): Promise<TipQuestionState> {
  return till.counter.state(questionId);
}

/** display.endTip */
export async function endTip(till: TillParts, { questionId }: Args<'display.endTip'>): Promise<TipQuestionState> {
  return till.counter.end(questionId);
}
