/**
 * The owner PIN fields: a new PIN (set at first run, changed later) and, after first run, the current
 * PIN that every save needs (README, "The owner's day review").
 */
import type { TillSettings } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';
import { describedBy, FieldProblem } from './FieldProblem.js';
import type { EditForm, FormProblems, SetupForm, SetupMessage } from './setup-form.js';

interface PinProps {
  form: SetupForm;
  edit: EditForm;
  settings: TillSettings;
  message: SetupMessage | null;
  problems: FormProblems;
}

export function NewOwnerPin({ form, edit, settings, message, problems }: PinProps) {
  return (
    <>
      <label>
        {settings.ownerPinSet ? t('ownerPinNew') : t('ownerPinSetup')}
        <input
          id="owner-pin-new"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          value={form.ownerPin}
          onChange={(e) => edit({ ownerPin: e.target.value.trim() })}
          aria-invalid={message?.field === 'ownerPin' || problems.ownerPin !== undefined}
          aria-describedby={describedBy('owner-pin-new', problems.ownerPin, 'pin-hint')}
        />
      </label>
      <FieldProblem inputId="owner-pin-new" problem={problems.ownerPin} />
      <small id="pin-hint">{settings.ownerPinSet ? t('ownerPinIsSet') : t('ownerPinFirstRun')}</small>
    </>
  );
}

export function CurrentOwnerPin({ form, edit, settings, message, problems }: PinProps) {
  if (!settings.ownerPinSet) return null;
  return (
    <>
      <label>
        {t('ownerPinCurrent')}
        <input
          id="owner-pin-current"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          value={form.currentPin}
          onChange={(e) => edit({ currentPin: e.target.value.trim() })}
          aria-invalid={message?.field === 'currentPin' || problems.currentPin !== undefined}
          aria-describedby={describedBy('owner-pin-current', problems.currentPin, 'current-pin-hint', 'setup-message')}
          required={form.ownerPin !== ''}
        />
      </label>
      <FieldProblem inputId="owner-pin-current" problem={problems.currentPin} />
      <small id="current-pin-hint">{t('ownerPinCurrentHint')}</small>
    </>
  );
}
