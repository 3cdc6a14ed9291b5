/** A PIN field: digits only, hidden, numeric keyboard on touch screens; and a refusal in the main process's words. */
import { PosCallError } from '../../api/pos-client.js';

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
  return (
    <label className="inline">
      {label}
      <input
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        aria-invalid={invalid}
      />
    </label>
  );
}

export function refusalText(error: Error): string {
  return error instanceof PosCallError ? error.shape.message : error.message;
}
