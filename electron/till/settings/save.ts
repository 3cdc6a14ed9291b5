/**
 * settings.save: how a change is checked before it is written. Who may save is the permission table's
 * business (staff/permissions.ts: `setup`, the owner; open at first run, before the owner account
 * exists). A PIN given at first run makes the owner account; later it is the signed-in owner's new PIN
 * and needs the current one. Everything is checked first and written in one update, so a refused save
 * changes nothing; what changed goes to the audit log with before and after (never a key or a PIN).
 */
import { type GatewayTarget, type PayeeView, type SettingsPatch } from '../../../shared/posapi.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { AuditLog } from '../audit/log.js';
import { mayCarryMerchantKey, sameGateway, type GatewaySetting } from '../link/key-policy.js';
import { callerActor, type StaffArea } from '../staff/area.js';
import { shopLanguage, type Stored, type TillSettingsStore } from './store.js';
import { defaultOwnerName } from '../../../shared/i18n/main.js';
import { posError } from '../../../shared/pos-error.js';
import { isKnownLocale } from '../../../shared/i18n/number-locales.js';

export interface SettingsSaveDeps {
  settings: TillSettingsStore;
  staff: StaffArea;
  audit: AuditLog;
  /** The embedded gateway's key: refused as a hosted gateway's key (it never leaves this machine). */
  embeddedKey: string;
  /** Looks a payee up on a gateway (the one being saved, which is not in use yet). */
  lookup(target: GatewaySetting, networkId: string): Promise<PayeeView>;
}

/** A setting as the audit log shows it: a hosted gateway's key only as set or not. */
function auditable(key: keyof Stored, value: Stored[keyof Stored]): unknown {
  if (key === 'gateway' && typeof value === 'object' && value && 'kind' in value && value.kind === 'hosted')
    return {
      kind: 'hosted',
      baseUrl: value.baseUrl,
      merchantKeySet: Boolean(value.merchantKey),
      ...(value.tillKey ? { tillKeySet: true } : {}),
    };
  return value;
}

/** Before and after of the settings that changed. */
function settingsDiff(before: Stored, changes: Partial<Stored>): { before: object; after: object } | undefined {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(changes) as (keyof Stored)[]) {
    if (key === 'ownerPinHash' || key === 'receiverPort') continue;
    const a = auditable(key, before[key]);
    const b = auditable(key, changes[key]!);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    was[key] = a;
    now[key] = b;
  }
  return Object.keys(now).length ? { before: was, after: now } : undefined;
}

/**
 * The gateway to store. A hosted gateway keeps the key set for that same URL unless a new one is
 * given ('' removes it); a key never follows a changed URL, goes only over HTTPS (or plain http to
 * this computer: saving it is refused otherwise), and is never the embedded gateway's own key.
 */
export function resolveGateway(previous: GatewaySetting, asked: GatewayTarget, embeddedKey: string): GatewaySetting {
  if (asked.kind === 'embedded') return { kind: 'embedded' };
  const baseUrl = asked.baseUrl.trim().replace(/\/+$/, '');
  const same = previous.kind === 'hosted' && sameGateway(previous.baseUrl, baseUrl);
  const kept = same ? previous.merchantKey : undefined;
  const merchantKey = asked.merchantKey === undefined ? kept : asked.merchantKey || undefined;
  // A shop server's till key for this till (docs/api.md, "Tills"): kept and checked like the merchant key.
  const tillKey = asked.tillKey === undefined ? (same ? previous.tillKey : undefined) : asked.tillKey || undefined;
  if (!merchantKey && !tillKey) return { kind: 'hosted', baseUrl };
  if (merchantKey === embeddedKey) {
    throw posError('own_key_elsewhere', {}, 'gateway.merchantKey');
  }
  if (!mayCarryMerchantKey(baseUrl)) {
    throw posError('key_needs_https', {}, 'gateway.baseUrl');
  }
  return { kind: 'hosted', baseUrl, ...(merchantKey ? { merchantKey } : {}), ...(tillKey ? { tillKey } : {}) };
}

/** A locale the runtime has data for: a well-formed tag of none (zz-ZZ) would quietly write en-US amounts. */
function checkLocale(locale: string): void {
  if (!isKnownLocale(locale)) throw posError('locale_unknown', {}, 'locale');
}

function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw posError('time_zone_unknown', {}, 'timeZone');
  }
}

/** Checks a settings patch and who sends it, then writes it; answers what changed. */
export async function saveSettings(
  deps: SettingsSaveDeps,
  patch: SettingsPatch,
  caller: PosCaller,
): Promise<{ gatewayChanged: boolean }> {
  const stored = deps.settings.stored();
  const firstOwner = deps.staff.accounts.ownerCount() === 0;
  if (patch.ownerPin !== undefined && !firstOwner) deps.staff.checkOwnPin(caller, patch.currentPin);
  const changes: Partial<Stored> = {};
  if (patch.gateway) changes.gateway = resolveGateway(stored.gateway, patch.gateway, deps.embeddedKey);
  if (patch.locale) checkLocale(patch.locale);
  if (patch.timeZone !== undefined) checkTimeZone(patch.timeZone);
  // The gateway is asked only when the gateway-side settings changed: local ones save while it is down.
  if (changes.gateway && JSON.stringify(changes.gateway) === JSON.stringify(stored.gateway)) delete changes.gateway;
  const samePayee = !changes.gateway && stored.payee?.networkId === patch.payeeNetworkId;
  if (patch.payeeNetworkId !== undefined && !samePayee) {
    // Looked up on the gateway being saved; nothing is written unless it is found.
    const found = await deps.lookup(changes.gateway ?? stored.gateway, patch.payeeNetworkId);
    changes.payee = found;
    if (!patch.shopName && !stored.shopName) changes.shopName = found.fullName;
  }
  if (patch.shopName !== undefined) changes.shopName = patch.shopName;
  if (patch.quoteAssetId !== undefined) changes.quoteAssetId = patch.quoteAssetId.toLowerCase();
  if (patch.settlementAssetId !== undefined) changes.settlementAssetId = patch.settlementAssetId;
  // '' is "the same as the language" (the locale then follows it; the last chosen one is kept).
  if (patch.locale !== undefined) changes.localeChosen = patch.locale !== '';
  if (patch.locale) changes.locale = patch.locale;
  if (patch.timeZone !== undefined) changes.timeZone = patch.timeZone;
  if (patch.language !== undefined) changes.language = patch.language;
  if (patch.publicCallbackUrl !== undefined) changes.publicCallbackUrl = patch.publicCallbackUrl;
  if (patch.timeToPayMinutes !== undefined) changes.timeToPayMinutes = patch.timeToPayMinutes;
  const diff = settingsDiff(stored, changes);
  deps.settings.update(changes);
  if (diff) deps.audit.record(callerActor(caller), 'settings.change', 'settings', diff);
  if (patch.ownerPin !== undefined) {
    if (firstOwner)
      deps.staff.createOwner(
        caller.connection,
        patch.ownerPin,
        defaultOwnerName(shopLanguage({ ...stored, ...changes })),
      );
    else deps.staff.writeOwnPin(caller, patch.ownerPin);
  }
  return { gatewayChanged: changes.gateway !== undefined || changes.payee !== undefined };
}
