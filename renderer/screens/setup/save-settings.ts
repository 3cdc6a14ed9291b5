/**
 * Saving the settings: at first run (no owner account yet) anyone installing saves and the PIN typed
 * makes the owner account; after that only a signed-in owner reaches this screen (the main process
 * checks the permission), and a new PIN is confirmed with the current one (README, "Staff and roles").
 */
import type { PosApi, SettingsPatch, TillSettings } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { t } from '../../app/text.js';
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

/** A refused save in words, on the field it is about; PIN refusals keep the main process's own words. */
export function saveRefusal(error: Error, networkId: string): SetupMessage {
  const shape = error instanceof PosCallError ? error.shape : undefined;
  const pinProblem = shape?.field === 'currentPin' || shape?.code === 'signed_out' || shape?.code === 'forbidden';
  const text =
    shape?.code === 'payee_not_found'
      ? t('payeeNotFound', { id: networkId })
      : pinProblem
        ? shape.message
        : t('error', { message: error.message });
  return { kind: 'error', text, field: pinProblem ? 'currentPin' : shape?.field };
}
