/**
 * The Whole shop view of the owner's review (README, "Tills and the shop server"): when the till is
 * connected to a shop server, the day's payments of every till from the server's report, exact
 * totals, a per-till filter, and a CSV of what is shown. With only a till key the server answers for
 * this till alone, and the view says so.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShopReport } from '../../../shared/posapi-shop.js';
import type { TillSettings } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { formatTime } from '../../app/format.js';
import { formatMoney } from '../../app/format-money.js';
import { t } from '../../app/text.js';
import { download } from './ExportPanel.js';
import { ShopClose } from './ShopClose.js';

function Figures({ report, locale }: { report: ShopReport; locale: string }) {
  return (
    <div className="shop-figures">
      <div>
        <h4>{t('shopPaid')}</h4>
        <ul className="figures">
          {report.paid.length === 0 ? <li>{t('shopPaidNone')}</li> : null}
          {report.paid.map((sum) => (
            <li key={sum.quoteAssetId}>
              <strong>{formatMoney(sum.amount, sum.symbol, locale)}</strong> <small>({sum.count})</small>
            </li>
          ))}
        </ul>
        <h4>{t('shopByStatus')}</h4>
        <ul className="figures">
          {report.byStatus.map((s) => (
            <li key={s.status}>
              {s.status.replace('_', ' ')}: {s.count}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4>{t('shopPerTill')}</h4>
        <ul className="figures per-till">
          {report.tills.map((till) => (
            <li key={till.tillId}>
              {till.name || t('shopNoTill')}:{' '}
              {till.paid.map((sum) => formatMoney(sum.amount, sum.symbol, locale)).join(' · ') || '0'}{' '}
              <small>({t('shopCount', { count: till.count })})</small>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function ShopList({ report, settings }: { report: ShopReport; settings: TillSettings }) {
  if (report.items.length === 0) return <p>{t('shopEmpty')}</p>;
  return (
    <table>
      <caption className="visually-hidden">{t('shopListCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('colTime')}</th>
          <th scope="col">{t('shopColTill')}</th>
          <th scope="col">{t('colOrder')}</th>
          <th scope="col">{t('colAmount')}</th>
          <th scope="col">{t('colStatus')}</th>
        </tr>
      </thead>
      <tbody>
        {report.items.map((item) => (
          <tr key={item.traceId}>
            <td>{formatTime(item.createdAt, settings.locale, settings.timeZone)}</td>
            <td>{item.tillName || t('shopNoTill')}</td>
            <td>
              <code>{item.orderId || item.traceId}</code>
            </td>
            <td className="num">{formatMoney(item.quoteAmount || '0', item.symbol, settings.locale)}</td>
            <td>
              <span className={`badge status-${item.status}`}>{item.status.replace('_', ' ')}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ShopControls({
  report,
  tillId,
  onTill,
  day,
}: {
  report: ShopReport | undefined;
  tillId: string;
  onTill: (tillId: string) => void;
  day: string;
}) {
  const api = usePosApi();
  const exportCsv = useMutation({
    mutationFn: () => api.call('shop.export', { day, tillId }),
    onSuccess: (file) => download(file.filename, file.csv),
  });
  return (
    <div className="row no-print">
      <label className="inline" hidden={report?.scope === 'till'}>
        {t('shopTillFilter')}
        <select value={tillId} onChange={(e) => onTill(e.target.value)}>
          <option value="">{t('shopAllTills')}</option>
          {(report?.tills ?? []).map((till) => (
            <option key={till.tillId} value={till.tillId || 'none'}>
              {till.name || t('shopNoTill')}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => exportCsv.mutate()} disabled={!day} aria-describedby="shop-export-message">
        {t('shopExport')}
      </button>
      <p id="shop-export-message" className="error" role={exportCsv.isError ? 'alert' : undefined}>
        {exportCsv.error ? t('shopExportFailed', { message: exportCsv.error.message }) : ''}
      </p>
    </div>
  );
}

function ShopPager({ report, onPage }: { report: ShopReport; onPage: (page: number) => void }) {
  if (report.pages <= 1) return null;
  return (
    <div className="row no-print">
      <button type="button" disabled={report.page <= 1} onClick={() => onPage(report.page - 1)}>
        {t('prevPage')}
      </button>
      <span>{t('shopPage', { page: report.page, pages: report.pages })}</span>
      <button type="button" disabled={report.page >= report.pages} onClick={() => onPage(report.page + 1)}>
        {t('nextPage')}
      </button>
    </div>
  );
}

export function ShopView({ day, settings }: { day: string; settings: TillSettings }) {
  const api = usePosApi();
  const [tillId, setTillId] = useState('');
  const [page, setPage] = useState(1);
  const report = useQuery({
    queryKey: ['shop.report', day, tillId, page],
    queryFn: () => api.call('shop.report', { day, tillId, page }),
    enabled: day !== '',
  });
  const data = report.data;
  return (
    <>
      <section className="shop-view" aria-labelledby="shop-title">
        <h3 id="shop-title">{t(data?.scope === 'till' ? 'shopTitleOwn' : 'shopTitle')}</h3>
        <p>{t(data?.scope === 'till' ? 'shopIntroTill' : 'shopIntro', { day })}</p>
        <ShopControls
          report={data}
          tillId={tillId}
          day={day}
          onTill={(next) => {
            setTillId(next);
            setPage(1);
          }}
        />
        {report.error ? (
          <p className="error" role="alert">
            {t('shopUnavailable', { message: report.error.message })}
          </p>
        ) : null}
        {data ? <Figures report={data} locale={settings.locale} /> : null}
        {data ? <ShopList report={data} settings={settings} /> : null}
        {data ? <ShopPager report={data} onPage={setPage} /> : null}
      </section>
      <ShopClose day={day} tillId={tillId} settings={settings} />
    </>
  );
}
