/**
 * The rate that priced a payment and the value received at it (README "Price sources"), as lines of
 * a definition list: on the receipt and in the owner's payment detail.
 */
import type { RateUsedView, TillSettings } from '../../shared/posapi.js';
import { formatAmount, formatDateTime } from '../app/format.js';
import { formatMoney } from '../app/format-money.js';
import { t } from '../app/text.js';

export function RateLines({
  rate,
  asset,
  quote,
  settings,
}: {
  rate: RateUsedView | undefined;
  asset: string;
  quote: string;
  settings: TillSettings;
}) {
  if (!rate) return null;
  return (
    <>
      <dt>{t('rateUsed')}</dt>
      <dd>
        {t('rateLine', { asset, price: formatAmount(rate.price, settings.locale), quote })}{' '}
        <small>
          (
          {t('rateFrom', {
            source: rate.source,
            time: rate.at ? formatDateTime(rate.at * 1000, settings.locale, settings.timeZone) : '—',
          })}
          )
        </small>
      </dd>
      <dt>{t('receivedValue')}</dt>
      {/* Written like the amount above it, to the currency's minor unit (1.234,50 USD, not 1.234,5 USD). */}
      <dd>{formatMoney(rate.receivedQuoteAmount, quote, settings.locale)}</dd>
    </>
  );
}
