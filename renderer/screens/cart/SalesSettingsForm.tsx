/** The owner's sales settings: tax mode, rounding rule, tips and presets, the shop's address and tax id. */
import { useState } from 'react';
import type { SalesSettings } from '../../../shared/posapi-sales.js';
import { t } from '../../app/text.js';
import { decimalTyped } from '../../app/format.js';

export function SalesSettingsForm({ current, onSave }: { current: SalesSettings; onSave: (s: SalesSettings) => void }) {
  const [s, setS] = useState<SalesSettings>(current);
  const [presets, setPresets] = useState(current.tipPresets.join(', '));
  return (
    <form
      className="shift-form"
      aria-label={t('salesSettings')}
      onSubmit={(e) => {
        e.preventDefault();
        const list = presets
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        onSave({ ...s, tipPresets: list });
      }}
    >
      <label>
        {t('taxMode')}
        <select value={s.taxMode} onChange={(e) => setS({ ...s, taxMode: e.target.value as SalesSettings['taxMode'] })}>
          <option value="added">{t('taxModeAdded')}</option>
          <option value="included">{t('taxModeIncluded')}</option>
        </select>
      </label>
      <label>
        {t('roundingRule')}
        <select
          value={s.rounding}
          onChange={(e) => setS({ ...s, rounding: e.target.value as SalesSettings['rounding'] })}
        >
          <option value="line">{t('roundingLine')}</option>
          <option value="order">{t('roundingOrder')}</option>
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={s.tipsEnabled}
          onChange={(e) => setS({ ...s, tipsEnabled: e.target.checked })}
        />
        {t('tipsEnabled')}
      </label>
      <label>
        {t('tipPresets')}
        <input value={presets} size={12} onChange={(e) => setPresets(e.target.value)} />
      </label>
      <label>
        {t('discountLimit')}
        <input
          inputMode="decimal"
          size={6}
          value={s.discountLimit}
          onChange={(e) => setS({ ...s, discountLimit: decimalTyped(e.target.value) })}
        />
      </label>
      <label>
        {t('shopAddress')}
        <input value={s.shopAddress} maxLength={160} onChange={(e) => setS({ ...s, shopAddress: e.target.value })} />
      </label>
      <label>
        {t('shopTaxId')}
        <input value={s.taxId} maxLength={40} size={12} onChange={(e) => setS({ ...s, taxId: e.target.value })} />
      </label>
      <button type="submit" className="primary">
        {t('save')}
      </button>
    </form>
  );
}
