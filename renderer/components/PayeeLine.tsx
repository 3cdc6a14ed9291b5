/** Who receives the money, always in view on Charge and Payment: a changed payee cannot go unnoticed. */
import type { TillSettings } from '../../shared/posapi.js';
import { t } from '../app/text.js';

/**
 * A name without control or format characters: a direction override (U+202E) in a hosted gateway's
 * payee name, or a shop name saved before Setup refused them, would turn the words around it.
 */
export const plainName = (name: string): string => name.replace(/[\p{Cc}\p{Cf}]/gu, '');

export function PayeeLine({ settings }: { settings: TillSettings }) {
  if (!settings.payee) return null;
  return (
    <p className="payee-line" data-testid="payee-line">
      {t('payeeLine', {
        name: plainName(settings.shopName || settings.payee.fullName || settings.payee.payeeId),
        networkId: settings.payee.networkId,
      })}
    </p>
  );
}

/** The payee's name as the payer reads it. */
export function payeeName(settings: TillSettings): string {
  return plainName(settings.shopName || settings.payee?.fullName || settings.payee?.networkId || '');
}
