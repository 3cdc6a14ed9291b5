/** The gateway's live price sources as the owner sees and sets them (README "Price sources"; merchant key). */
import { PosError, type PricesView } from '../../../shared/posapi.js';
import { GatewayRefused, type GatewayClient } from '../link/gateway-client.js';
import type { Args, TillParts } from '../parts.js';

const UNAVAILABLE = { config: null, sources: [], prices: [], alerts: [] };

/** The gateway's answer as a view: a sandbox gateway, or one without price sources, says why there are none. */
async function pricesView(
  fetchPrices: () => ReturnType<GatewayClient['priceSources']>,
  saving: boolean,
): Promise<PricesView> {
  try {
    const view = await fetchPrices();
    const live = view.mode === 'live';
    return {
      ...view,
      available: live,
      reason: live ? '' : 'The gateway runs in sandbox mode: it quotes from its bundled prices, which never go stale.',
    };
  } catch (error) {
    // A refused save names the field.
    if (saving && error instanceof GatewayRefused && error.code === 10011)
      throw new PosError('invalid_args', error.message, 'config');
    if (error instanceof GatewayRefused && error.httpStatus === 404)
      return { available: false, reason: 'This gateway does not offer price source settings.', ...UNAVAILABLE };
    throw error;
  }
}

/** owner.prices */
export async function priceSources(till: TillParts, { token }: Args<'owner.prices'>): Promise<PricesView> {
  till.owner.check(token);
  return pricesView(() => till.link.client.priceSources(), false);
}

/** owner.savePrices */
export async function savePriceSources(
  till: TillParts,
  { token, config }: Args<'owner.savePrices'>,
): Promise<PricesView> {
  till.owner.check(token);
  return pricesView(() => till.link.client.savePriceSources(config), true);
}
