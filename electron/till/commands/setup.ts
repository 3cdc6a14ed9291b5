/**
 * Setup: the till's settings (who may change them and how a change is checked: settings/save.ts) and
 * the payee lookup (README, "The till").
 */
import { PosError, type PayeeView, type TillSettings } from '../../../shared/posapi.js';
import type { Args, TillParts } from '../parts.js';
import { saveSettings } from '../settings/save.js';

/** settings.get */
export async function getSettings(till: TillParts): Promise<TillSettings> {
  return till.settings.view();
}

/** settings.save: the asset lists are asked again afterwards, and the renderer is told. */
export async function saveTillSettings(till: TillParts, patch: Args<'settings.save'>): Promise<TillSettings> {
  const { gatewayChanged } = await saveSettings(
    {
      settings: till.settings,
      owner: till.owner,
      embeddedKey: till.deps.merchantKey,
      lookup: (target, networkId) => till.link.lookup(networkId, target),
    },
    patch,
  );
  till.catalog.forget(gatewayChanged);
  const view = till.settings.view();
  till.deps.events.publish('settings.changed', view);
  return view;
}

/** payee.lookup */
export async function lookupPayee(till: TillParts, { networkId }: Args<'payee.lookup'>): Promise<PayeeView> {
  return till.link.lookup(networkId);
}

/**
 * payee.register: a live gateway has no demo users, so first run registers the shop's payee there
 * (with the gateway's merchant key). Only while no payee is set, or by the owner.
 */
export async function registerPayee(
  till: TillParts,
  { networkId, fullName, token }: Args<'payee.register'>,
): Promise<PayeeView> {
  if (till.settings.stored().ownerPinHash) {
    if (!token)
      throw new PosError('owner_required', 'Registering a payee needs the owner: enter the owner PIN.', 'token');
    till.owner.check(token);
  }
  const payee = await till.link.client.registerPayee(networkId, fullName);
  return { networkId: payee.networkId, payeeId: payee.payeeId, fullName: payee.fullName };
}
