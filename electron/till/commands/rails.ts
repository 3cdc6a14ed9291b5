/** The gateway's live rails as the owner sees and sets them (docs/api.md, "Live rails"; merchant key). */
import { type RailHealthView, type RailsView } from '../../../shared/posapi.js';
import { GatewayRefused, type GatewayClient } from '../link/gateway-client.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';
import { posError } from '../../../shared/pos-error.js';

/** The chain ids or names a rail configuration lists, as far as they can be read. */
function chainsOf(config: Record<string, unknown>): string[] {
  const chains = config.chains;
  if (!Array.isArray(chains)) return [];
  return chains.map((chain: unknown) => {
    const c = (chain ?? {}) as Record<string, unknown>;
    return String(c.name ?? c.chainId ?? c.id ?? '?');
  });
}

/** The gateway's answer as a view: a sandbox gateway, or one without rail settings, says why there are none. */
async function railsView(fetchRails: () => ReturnType<GatewayClient['rails']>, saving: boolean): Promise<RailsView> {
  try {
    const rails = await fetchRails();
    return {
      available: rails.mode === 'live',
      reason:
        rails.mode === 'live'
          ? ''
          : 'The gateway runs in sandbox mode: real rails are configured on a live data directory (--mode live).',
      config: rails.config,
      health: rails.health,
    };
  } catch (error) {
    // A refused save names the field.
    if (saving && error instanceof GatewayRefused && error.code === 10011)
      throw posError('gateway_config_refused', { message: error.message }, 'config');
    if (error instanceof GatewayRefused && error.httpStatus === 404)
      return { available: false, reason: 'This gateway does not offer rail settings.', config: null, health: [] };
    throw error;
  }
}

/** owner.rails */
export async function railSettings(till: TillParts): Promise<RailsView> {
  return railsView(() => till.link.client.rails(), false);
}

/** owner.saveRails: the asset facts are asked again (chains and tokens may have changed). */
export async function saveRails(
  till: TillParts,
  { config }: Args<'owner.saveRails'>,
  caller: PosCaller,
): Promise<RailsView> {
  const view = await railsView(async () => {
    const saved = await till.link.client.saveRails(config);
    till.catalog.forgetFacts();
    return saved;
  }, true);
  // The configuration names chains, RPC URLs and the xpub: the log keeps which chains, not the secrets.
  till.audit.record(callerActor(caller), 'rails.change', 'rails', { chains: chainsOf(config) });
  return view;
}

/**
 * rails.health: the chain scanners' health for the cashier (no owner needed: it names no secret), so
 * an on-chain payment warns when its chain is not being watched. Empty where there are no real rails.
 */
export async function railHealth(till: TillParts): Promise<RailHealthView[]> {
  if (till.link.inSandbox()) return [];
  try {
    return (await till.link.client.rails()).health;
  } catch {
    return [];
  }
}
