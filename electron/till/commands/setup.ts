/**
 * Setup: the till's settings (who may change them and how a change is checked: settings/save.ts) and
 * the payee lookup (README, "The till").
 */
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { PayeeView, TillSettings } from '../../../shared/posapi.js';
import type { Args, TillParts } from '../parts.js';
import { saveSettings } from '../settings/save.js';

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
