/**
 * Setup: the till's settings (who may change them and how a change is checked: settings/save.ts) and
 * the payee lookup (README, "The till").
 */
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { PayeeView, TillSettings } from '../../../shared/posapi.js';
import type { Args, TillParts } from '../parts.js';
import { saveSettings } from '../settings/save.js';
import { callerActor } from '../staff/area.js';

/** settings.get */
export async function getSettings(till: TillParts): Promise<TillSettings> {
  return settingsView(till);
}

export function settingsView(till: TillParts): TillSettings {
  return till.settings.view(till.staff.accounts.ownerCount() > 0);
}

/** settings.save: the asset lists are asked again afterwards, and the renderer is told. */
export async function saveTillSettings(
  till: TillParts,
  patch: Args<'settings.save'>,
  caller: PosCaller,
): Promise<TillSettings> {
  const { gatewayChanged } = await saveSettings(
    {
      settings: till.settings,
      staff: till.staff,
      audit: till.audit,
      embeddedKey: till.deps.merchantKey,
      lookup: (target, networkId) => till.link.lookup(networkId, target),
    },
    patch,
    caller,
  );
  till.catalog.forget(gatewayChanged);
  const view = settingsView(till);
  till.deps.events.publish('settings.changed', view);
  return view;
}

/** payee.lookup */
export async function lookupPayee(till: TillParts, { networkId }: Args<'payee.lookup'>): Promise<PayeeView> {
  return till.link.lookup(networkId);
}

/**
 * payee.register: a live gateway has no demo users, so first run registers the shop's payee there
 * (with the gateway's merchant key). After first run it is the owner's (Setup in the permission table).
 */
export async function registerPayee(
  till: TillParts,
  { networkId, fullName }: Args<'payee.register'>,
  caller: PosCaller,
): Promise<PayeeView> {
  const payee = await till.link.client.registerPayee(networkId, fullName);
  till.audit.record(callerActor(caller), 'payee.register', payee.payeeId, { networkId, fullName });
  return { networkId: payee.networkId, payeeId: payee.payeeId, fullName: payee.fullName };
}
