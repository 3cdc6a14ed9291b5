/**
 * The close of day of the whole shop (or the till chosen in the Whole shop view), from the shop
 * server: per till, what was paid per currency and what payers paid in per asset, then the total of
 * the view. Part of the owner's printed close-of-day summary; its CSV is one row per till and sum.
 * Amounts are the server's exact decimal strings, only formatted here.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ShopClose as ShopCloseData, ShopCloseFigures } from '../../../shared/posapi-shop.js';
import type { TillSettings } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { formatAmount } from '../../app/format.js';
import { formatMoney } from '../../app/format-money.js';
import { t } from '../../app/text.js';
import { download } from './ExportPanel.js';

function Row({ figures, locale, total }: { figures: ShopCloseFigures; locale: string; total?: boolean }) {
  const name = total ? t('shopCloseTotal') : figures.name || t('shopNoTill');
  const Cell = total ? 'th' : 'td';
  return (
    <tr className={total ? 'total' : undefined}>
      <th scope="row">{name}</th>
      <Cell className="num">{figures.count}</Cell>
      <Cell className="num">
        {figures.paid.length === 0
          ? '0'
          : figures.paid.map((sum) => (
              <div key={sum.quoteAssetId}>
                {formatMoney(sum.amount, sum.symbol, locale)} <small>({sum.count})</small>
              </div>
            ))}
      </Cell>
      <Cell className="num">
        {figures.received.length === 0
          ? '0'
          : figures.received.map((sum) => (
              <div key={sum.assetId}>
                {formatAmount(sum.amount, locale)} {sum.label} <small>({sum.count})</small>
              </div>
            ))}
      </Cell>
    </tr>
  );
}

/** With only a till key the server answers for this till alone: say so by name, never "whole shop". */
function closeTitle(data: ShopCloseData | undefined, tillId: string, day: string): string {
  if (data?.scope === 'till' && data.total.name) return t('shopCloseTitleOwn', { name: data.total.name, day });
  return t(tillId || data?.scope === 'till' ? 'shopCloseTitleTill' : 'shopCloseTitle', { day });
}

export function ShopClose({ day, tillId, settings }: { day: string; tillId: string; settings: TillSettings }) {
  const api = usePosApi();
  const close = useQuery({
    queryKey: ['shop.close', day, tillId],
    queryFn: () => api.call('shop.close', { day, tillId }),
    enabled: day !== '',
  });
  const exportCsv = useMutation({
    mutationFn: () => api.call('shop.closeExport', { day, tillId }),
    onSuccess: (file) => download(file.filename, file.csv),
  });
  const data = close.data;
  return (
    <section className="shop-close" aria-labelledby="shop-close-title">
      <h4 id="shop-close-title">{closeTitle(data, tillId, day)}</h4>
      {close.error ? (
        <p className="error" role="alert">
          {t('shopUnavailable', { message: close.error.message })}
        </p>
      ) : null}
      {data ? (
        <table>
          <caption className="visually-hidden">{t('shopCloseCaption', { day })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('shopColTill')}</th>
              <th scope="col" className="num">
                {t('shopClosePayments')}
              </th>
              <th scope="col" className="num">
                {t('shopPaid')}
              </th>
              <th scope="col" className="num">
                {t('shopCloseReceived')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.tills.map((figures) => (
              <Row key={figures.tillId} figures={figures} locale={settings.locale} />
            ))}
          </tbody>
          {data.tillId || data.scope === 'till' ? null : (
            <tfoot>
              <Row figures={data.total} locale={settings.locale} total />
            </tfoot>
          )}
        </table>
      ) : null}
      <div className="row no-print">
        <button
          type="button"
          onClick={() => exportCsv.mutate()}
          disabled={!day || !data}
          aria-describedby="shop-close-export-message"
        >
          {t('shopCloseExport')}
        </button>
        <p id="shop-close-export-message" className="error" role={exportCsv.isError ? 'alert' : undefined}>
          {exportCsv.error ? t('shopExportFailed', { message: exportCsv.error.message }) : ''}
        </p>
      </div>
    </section>
  );
}
