/** A discount, amount or percent, for a line or the whole order: typed, applied, or taken off. */
import { useId, useState } from 'react';
import type { Discount } from '../../../shared/cart/types.js';
import { compareAmounts, decimalTyped } from '../../app/format.js';
import { t } from '../../app/text.js';

const VALID = /^\d{1,9}(\.\d{1,4})?$/;

export function DiscountEditor({
  label,
  current,
  onApply,
}: {
  label: string;
  current: Discount | undefined;
  onApply: (discount: Discount | undefined) => void;
}) {
  const [kind, setKind] = useState<Discount['kind']>(current?.kind ?? 'percent');
  const [value, setValue] = useState(current?.value ?? '');
  const typed = value.trim();
  // Said under the field, as "Other tip" does: a discount Apply refuses is never just a grey button.
  const problem =
    typed === ''
      ? ''
      : !VALID.test(typed)
        ? t('tenderNotAmount', { field: label })
        : kind === 'percent' && compareAmounts(typed, '100') > 0
          ? t('discountOverHundred')
          : '';
  const valid = typed !== '' && problem === '';
  const problemId = useId();
  return (
    <fieldset className="discount-editor">
      <legend>{label}</legend>
      <select aria-label={t('discountKind')} value={kind} onChange={(e) => setKind(e.target.value as Discount['kind'])}>
        <option value="percent">%</option>
        <option value="amount">{t('discountAmount')}</option>
      </select>
      <input
        aria-label={t('discountValue')}
        inputMode="decimal"
        value={value}
        size={6}
        onChange={(e) => setValue(decimalTyped(e.target.value))}
        aria-invalid={problem !== ''}
        aria-describedby={problem ? problemId : undefined}
      />
      <button type="button" disabled={!valid} onClick={() => onApply({ kind, value: typed })}>
        {t('apply')}
      </button>
      {current ? (
        <button type="button" onClick={() => (setValue(''), onApply(undefined))}>
          {t('removeDiscount')}
        </button>
      ) : null}
      {problem ? (
        <p role="alert" className="error" id={problemId}>
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
