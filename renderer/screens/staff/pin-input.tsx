/** A PIN field: digits only, hidden, numeric keyboard on touch screens; and a refusal in the main process's words. */
import { useId } from 'react';
import { PosCallError } from '../../api/pos-client.js';
import { t } from '../../app/text.js';

export const PIN = /^\d{4,8}$/;

export function PinInput({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (pin: string) => void;
  invalid?: boolean;
}) {
  const hintId = useId();
  // Typed past 8 digits (or not yet 4): said, not cut to a PIN other than the one typed.
  const wrongLength = value !== '' && !PIN.test(value);
  return (
    <>
      <label className="inline">
        {label}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
          aria-invalid={invalid || wrongLength || undefined}
          aria-describedby={wrongLength ? hintId : undefined}
        />
      </label>
      {wrongLength ? (
        <span id={hintId} className="error" role="status">
          {t('pinLength', { n: value.length })}
        </span>
      ) : null}
    </>
  );
}

export function refusalText(error: Error): string {
  return error instanceof PosCallError ? error.message : error.message;
}
