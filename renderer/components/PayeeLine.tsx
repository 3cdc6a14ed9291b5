/** Who receives the money, always in view on Charge and Payment: a changed payee cannot go unnoticed. */
import type { TillSettings } from '../../shared/posapi.js';
import { t } from '../app/text.js';

export function PayeeLine({ settings }: { settings: TillSettings }) {
  if (!settings.payee) return null;
  return (
    <p className="payee-line" data-testid="payee-line">
      {t('payeeLine', {
        name: settings.shopName || settings.payee.fullName || settings.payee.payeeId,
        networkId: settings.payee.networkId,
      })}
    </p>
  );
}

/** The payee's name as the payer reads it. */
export function payeeName(settings: TillSettings): string {
  return settings.shopName || settings.payee?.fullName || settings.payee?.networkId || '';
}
