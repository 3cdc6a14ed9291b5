/**
 * The owner PIN fields: a new PIN (set at first run, changed later) and, after first run, the current
 * PIN that every save needs (README, "The owner's day review").
 */
import type { TillSettings } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';
import type { EditForm, SetupForm, SetupMessage } from './setup-form.js';

interface PinProps {
  form: SetupForm;
  edit: EditForm;
  settings: TillSettings;
  message: SetupMessage | null;
}

export function NewOwnerPin({ form, edit, settings, message }: PinProps) {
  return (
    <>
      <label>
        {settings.ownerPinSet ? t('ownerPinNew') : t('ownerPinSetup')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          value={form.ownerPin}
          onChange={(e) => edit({ ownerPin: e.target.value.trim() })}
          aria-invalid={message?.field === 'ownerPin'}
          aria-describedby="pin-hint"
        />
      </label>
      <small id="pin-hint">{settings.ownerPinSet ? t('ownerPinIsSet') : t('ownerPinFirstRun')}</small>
    </>
  );
}

export function CurrentOwnerPin({ form, edit, settings, message }: PinProps) {
  if (!settings.ownerPinSet) return null;
  return (
    <>
      <label>
        {t('ownerPinCurrent')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          value={form.currentPin}
          onChange={(e) => edit({ currentPin: e.target.value.trim() })}
          aria-invalid={message?.field === 'currentPin'}
          aria-describedby="current-pin-hint setup-message"
          required={form.ownerPin !== ''}
        />
      </label>
      <small id="current-pin-hint">{t('ownerPinCurrentHint')}</small>
    </>
  );
}
