/**
 * settings.save: who may change the till's settings, and how a change is checked before it is
 * written. At first run (no owner PIN yet) whoever installs sets the till up. After that every
 * change (payee, shop name, gateway and its key, currencies, callback URL, locale, time zone, PIN)
 * needs an owner session, and a new PIN also the current one. Everything is checked first and
 * written in one update, so a refused save changes nothing.
 */
import { PosError, type GatewayTarget, type PayeeView, type SettingsPatch } from '../../../shared/posapi.js';
import { mayCarryMerchantKey, sameGateway, type GatewaySetting } from '../link/key-policy.js';
import type { OwnerArea } from '../owner/area.js';
import { hashPin } from '../owner/pin-guard.js';
import type { Stored, TillSettingsStore } from './store.js';

export interface SettingsSaveDeps {
  settings: TillSettingsStore;
  owner: OwnerArea;
  /** The embedded gateway's key: refused as a hosted gateway's key (it never leaves this machine). */
  embeddedKey: string;
  /** Looks a payee up on a gateway (the one being saved, which is not in use yet). */
  lookup(target: GatewaySetting, networkId: string): Promise<PayeeView>;
}

const OWNER_REQUIRED = 'Changing the settings needs the owner: enter the owner PIN first.';

function requireOwner(owner: OwnerArea, token: string | undefined): void {
  if (!token) throw new PosError('owner_required', OWNER_REQUIRED, 'token');
  try {
    owner.check(token);
  } catch {
    throw new PosError('owner_required', OWNER_REQUIRED, 'token');
  }
}

/**
 * The gateway to store. A hosted gateway keeps the key set for that same URL unless a new one is
 * given ('' removes it); a key never follows a changed URL, goes only over HTTPS (or plain http to
 * this computer: saving it is refused otherwise), and is never the embedded gateway's own key.
 */
export function resolveGateway(previous: GatewaySetting, asked: GatewayTarget, embeddedKey: string): GatewaySetting {
  if (asked.kind === 'embedded') return { kind: 'embedded' };
  const baseUrl = asked.baseUrl.trim().replace(/\/+$/, '');
  const kept = previous.kind === 'hosted' && sameGateway(previous.baseUrl, baseUrl) ? previous.merchantKey : undefined;
  const merchantKey = asked.merchantKey === undefined ? kept : asked.merchantKey || undefined;
  if (!merchantKey) return { kind: 'hosted', baseUrl };
  if (merchantKey === embeddedKey) {
    throw new PosError(
      'invalid_args',
      "gateway.merchantKey: that is this till's own gateway key, which never leaves this computer; use the key the hosted gateway gave you",
      'gateway.merchantKey',
    );
  }
  if (!mayCarryMerchantKey(baseUrl)) {
    throw new PosError(
      'invalid_args',
      'gateway.baseUrl: a merchant key is sent only over HTTPS (or plain http to this computer); use the https:// address of the gateway',
      'gateway.baseUrl',
    );
  }
  return { kind: 'hosted', baseUrl, merchantKey };
}

function checkLocale(locale: string): void {
  try {
    new Intl.NumberFormat(locale);
  } catch {
    throw new PosError('invalid_args', 'locale: not a locale this system knows', 'locale');
  }
}

function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new PosError('invalid_args', 'timeZone: not a time zone this system knows', 'timeZone');
  }
}

/** Checks a settings patch and who sends it, then writes it; answers what changed. */
export async function saveSettings(deps: SettingsSaveDeps, patch: SettingsPatch): Promise<{ gatewayChanged: boolean }> {
  const stored = deps.settings.stored();
  if (stored.ownerPinHash) {
    requireOwner(deps.owner, patch.token);
    if (patch.ownerPin !== undefined) deps.owner.confirmPin(patch.currentPin);
  }
  const changes: Partial<Stored> = {};
  if (patch.gateway) changes.gateway = resolveGateway(stored.gateway, patch.gateway, deps.embeddedKey);
  if (patch.locale !== undefined) checkLocale(patch.locale);
  if (patch.timeZone !== undefined) checkTimeZone(patch.timeZone);
  if (patch.payeeNetworkId !== undefined) {
    // Looked up on the gateway being saved; nothing is written unless it is found.
    const found = await deps.lookup(changes.gateway ?? stored.gateway, patch.payeeNetworkId);
    changes.payee = found;
    if (!patch.shopName && !stored.shopName) changes.shopName = found.fullName;
  }
  if (patch.shopName !== undefined) changes.shopName = patch.shopName;
  if (patch.quoteAssetId !== undefined) changes.quoteAssetId = patch.quoteAssetId.toLowerCase();
  if (patch.settlementAssetId !== undefined) changes.settlementAssetId = patch.settlementAssetId;
  if (patch.locale !== undefined) changes.locale = patch.locale;
  if (patch.timeZone !== undefined) changes.timeZone = patch.timeZone;
  if (patch.publicCallbackUrl !== undefined) changes.publicCallbackUrl = patch.publicCallbackUrl;
  if (patch.timeToPayMinutes !== undefined) changes.timeToPayMinutes = patch.timeToPayMinutes;
  if (patch.ownerPin !== undefined) changes.ownerPinHash = hashPin(patch.ownerPin);
  deps.settings.update(changes);
  return { gatewayChanged: changes.gateway !== undefined || changes.payee !== undefined };
}
