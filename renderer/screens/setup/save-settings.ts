/**
 * Saving the settings: at first run (no owner account yet) anyone installing saves and the PIN typed
 * makes the owner account; after that only a signed-in owner reaches this screen (the main process
 * checks the permission), and a new PIN is confirmed with the current one (README, "Staff and roles").
 */
import type { PosApi, SettingsPatch, TillSettings } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { t, type TextKey } from '../../app/text.js';
import type { SetupMessage } from './setup-form.js';

/** Saves; the current PIN goes along only to confirm a new PIN. */
export async function saveAsOwner(
  api: PosApi,
  patch: SettingsPatch,
  settings: TillSettings,
  currentPin: string,
): Promise<TillSettings> {
  const confirm = settings.ownerPinSet && patch.ownerPin ? { currentPin } : {};
  return api.call('settings.save', { ...patch, ...confirm });
}

/** Fields as the owner knows them, for messages that name one. */
const FIELD_WORDS: Record<string, TextKey> = {
  payeeNetworkId: 'payeeNetworkId',
  shopName: 'shopName',
  timeToPayMinutes: 'timeToPayMinutes',
  ownerPin: 'ownerPin',
  'gateway.baseUrl': 'gatewayUrl',
  'gateway.merchantKey': 'gatewayKey',
  'gateway.tillKey': 'gatewayTillKey',
  locale: 'localeField',
};

/**
 * "payeeNetworkId: must be ..." becomes "Shop network id: must be ...". A message already in the till's
 * language (error-text.ts) only has a field name it had no label for replaced, and gets no second label.
 */
function inWords(message: string, field: string | undefined, translated = false): string {
  const key = field ? FIELD_WORDS[field] : undefined;
  if (!key || !field) return message;
  if (translated) return message.startsWith(field) ? t(key) + message.slice(field.length) : message;
  const rest = message.startsWith(`${field}:`) ? message.slice(field.length + 1).trim() : message;
  return `${t(key)}: ${rest}`;
}

/** A refused save in words, on the field it is about; PIN refusals keep the main process's own words. */
export function saveRefusal(error: Error, networkId: string): SetupMessage {
  const shape = error instanceof PosCallError ? error.shape : undefined;
  // Already in the till's language (error-text.ts): its field is named in that language too.
  const translated = shape !== undefined && error.message !== shape.message;
  const pinProblem = shape?.field === 'currentPin' || shape?.code === 'signed_out' || shape?.code === 'forbidden';
  const text =
    shape?.code === 'payee_not_found'
      ? t('payeeNotFound', { id: networkId })
      : pinProblem
        ? error.message
        : t('error', { message: inWords(error.message, shape?.field, translated) });
  return { kind: 'error', text, field: pinProblem ? 'currentPin' : shape?.field };
}
