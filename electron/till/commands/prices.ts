/** The gateway's live price sources as the owner sees and sets them (README "Price sources"; merchant key). */
import { type PricesView } from '../../../shared/posapi.js';
import { GatewayRefused, type GatewayClient } from '../link/gateway-client.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';
import { posError } from '../../../shared/pos-error.js';

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
      throw posError('gateway_config_refused', { message: error.message }, 'config');
    if (error instanceof GatewayRefused && error.httpStatus === 404)
      return { available: false, reason: 'This gateway does not offer price source settings.', ...UNAVAILABLE };
    throw error;
  }
}

/** owner.prices */
export async function priceSources(till: TillParts): Promise<PricesView> {
  return pricesView(() => till.link.client.priceSources(), false);
}

/** owner.savePrices */
export async function savePriceSources(
  till: TillParts,
  { config }: Args<'owner.savePrices'>,
  caller: PosCaller,
): Promise<PricesView> {
  const view = await pricesView(() => till.link.client.savePriceSources(config), true);
  // Only the shape goes to the log: spot URLs may carry an API key.
  const sources = Array.isArray(config.sources) ? config.sources.length : 0;
  till.audit.record(callerActor(caller), 'prices.change', 'price sources', { sources });
  return view;
}
