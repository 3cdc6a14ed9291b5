/**
 * Saving the settings: at first run (no owner PIN yet) anyone installing saves; after that the save
 * opens an owner session with the current PIN for this one save (the main process checks it) and locks
 * it again (README, "Security").
 */
import type { PosApi, SettingsPatch, TillSettings } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { t, type TextKey } from '../../app/text.js';
import type { SetupMessage } from './setup-form.js';

/** Saves with an owner session when an owner PIN exists; the current PIN also confirms a new PIN. */
export async function saveAsOwner(
  api: PosApi,
  patch: SettingsPatch,
  settings: TillSettings,
  currentPin: string,
): Promise<TillSettings> {
  if (!settings.ownerPinSet) return api.call('settings.save', patch);
  let token: string;
  try {
    token = (await api.call('owner.unlock', { pin: currentPin })).token;
  } catch (error) {
    // The unlock names its field `pin`; on this screen it is the current PIN.
    if (error instanceof PosCallError) throw new PosCallError({ ...error.shape, field: 'currentPin' });
    throw error;
  }
  try {
    return await api.call('settings.save', { ...patch, token, ...(patch.ownerPin ? { currentPin } : {}) });
  } finally {
    void api.call('owner.lock', { token }).catch(() => undefined);
  }
}

/** Fields as the owner knows them, for messages that name one. */
const FIELD_WORDS: Record<string, TextKey> = {
  payeeNetworkId: 'payeeNetworkId',
  shopName: 'shopName',
  timeToPayMinutes: 'timeToPayMinutes',
  ownerPin: 'ownerPin',
  'gateway.baseUrl': 'gatewayUrl',
  'gateway.merchantKey': 'gatewayKey',
};

/** "payeeNetworkId: must be ..." becomes "Shop network id: must be ...". */
function inWords(message: string, field: string | undefined): string {
  const key = field ? FIELD_WORDS[field] : undefined;
  if (!key || !field) return message;
  const rest = message.startsWith(`${field}:`) ? message.slice(field.length + 1).trim() : message;
  return `${t(key)}: ${rest}`;
}

/** A refused save in words, on the field it is about; PIN refusals keep the main process's own words. */
export function saveRefusal(error: Error, networkId: string): SetupMessage {
  const shape = error instanceof PosCallError ? error.shape : undefined;
  const pinProblem = shape?.field === 'currentPin' || shape?.code === 'owner_required';
  const text =
    shape?.code === 'payee_not_found'
      ? t('payeeNotFound', { id: networkId })
      : pinProblem
        ? shape.message
        : t('error', { message: inWords(error.message, shape?.field) });
  return { kind: 'error', text, field: pinProblem ? 'currentPin' : shape?.field };
}
