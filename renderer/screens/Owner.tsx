/** The owner's area: PIN, the day's totals and chart, the filtered list, a payment's detail, review, export. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { useState, type FormEvent } from 'react';
import { Bar } from 'react-chartjs-2';
import type { DayOrderRow, DayReview, OrderDetail, TillSettings } from '../../shared/posapi.js';
import { PosCallError } from '../api/pos-client.js';
import { usePosApi } from '../app/api-context.js';
import { formatAmount, formatDateTime, formatTime } from '../app/format.js';
import { t } from '../app/text.js';
import { useCashier } from '../state/cashier.js';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

function PinGate({ onOpen }: { onOpen: (token: string) => void }) {
  const api = usePosApi();
  const [pin, setPin] = useState('');
  const unlock = useMutation({
    mutationFn: () => api.call('owner.unlock', { pin }),
    onSuccess: (s) => onOpen(s.token),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    unlock.mutate();
  };
  return (
    <section className="screen owner-gate" aria-labelledby="owner-gate-title">
      <h2 id="owner-gate-title">{t('ownerTitle')}</h2>
      <form onSubmit={submit} className="row">
        <label>
          {t('ownerPin')}
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(e) => setPin(e.target.value.trim())}
            aria-invalid={unlock.isError}
            autoFocus
          />
        </label>
        <button type="submit" className="primary" disabled={!/^\d{4,8}$/.test(pin) || unlock.isPending}>
          {t('unlock')}
        </button>
      </form>
      {unlock.isError ? (
        <p role="alert" className="error">
          {unlock.error instanceof PosCallError ? unlock.error.shape.message : unlock.error.message}
        </p>
      ) : null}
    </section>
  );
}

function Totals({ review, locale }: { review: DayReview; locale: string }) {
  const { totals } = review;
  // Chart.js draws numbers; the figures shown as text stay exact decimal strings.
  const data = {
    labels: totals.hourly.map((h) => `${String(h.hour).padStart(2, '0')}:00`),
    datasets: [
      { label: totals.hourlyCurrency, data: totals.hourly.map((h) => Number(h.total)), backgroundColor: '#0f766e' },
    ],
  };
  return (
    <div className="totals">
      <section aria-labelledby="takings-title">
        <h3 id="takings-title">{t('takings')}</h3>
        <ul className="figures">
          {totals.perQuote.map((q) => (
            <li key={q.quoteAssetId}>
              <strong>
                {formatAmount(q.total, locale)} {q.symbol}
              </strong>{' '}
              <small>({q.count})</small>
            </li>
          ))}
        </ul>
        <h3>{t('paidIn')}</h3>
        <ul className="figures">
          {totals.perAsset.map((a) => (
            <li key={a.assetId}>
              {formatAmount(a.total, locale)} {a.symbol} <small>({a.count})</small>
            </li>
          ))}
        </ul>
        <h3>{t('byStatus')}</h3>
        <ul className="figures">
          {Object.entries(totals.perStatus).map(([status, n]) => (
            <li key={status}>
              {status.replace('_', ' ')}: {n}
            </li>
          ))}
        </ul>
      </section>
      <figure className="chart" aria-label={t('hourlyChart', { currency: totals.hourlyCurrency })}>
        <figcaption>{t('hourlyChart', { currency: totals.hourlyCurrency })}</figcaption>
        <Bar data={data} options={{ animation: false, responsive: true, plugins: { legend: { display: false } } }} />
      </figure>
    </div>
  );
}

function Detail({
  detail,
  token,
  settings,
  onClose,
}: {
  detail: OrderDetail;
  token: string;
  settings: TillSettings;
  onClose: () => void;
}) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) =>
      api.call('owner.redeliver', { token, orderId: detail.order.orderId, deliveryId }),
    onSuccess: (d) => queryClient.setQueryData(['owner.order', d.order.orderId], d),
  });
  const o = detail.order;
  return (
    <section className="detail" role="dialog" aria-labelledby="detail-title">
      <h3 id="detail-title">{t('detailTitle', { orderId: o.orderId })}</h3>
      <button type="button" onClick={onClose}>
        {t('close')}
      </button>
      <h4>{t('terms')}</h4>
      <dl>
        <dt>{t('receiptQuote')}</dt>
        <dd>
          {formatAmount(o.quoteAmount, settings.locale)} {o.quoteSymbol}
        </dd>
        <dt>{t('receiptTrace')}</dt>
        <dd>
          <code>{o.traceId}</code>
        </dd>
        <dt>{t('receiptStatus')}</dt>
        <dd>{o.status}</dd>
        {o.mismatch ? (
          <>
            <dt>!</dt>
            <dd className="error">{o.mismatch}</dd>
          </>
        ) : null}
      </dl>
      <h4>{t('transactions')}</h4>
      <ul>
        {detail.transactions.map((tx) => (
          <li key={tx.txid}>
            {formatAmount(tx.amount, settings.locale)} {tx.symbol} ·{' '}
            {tx.confirmations < 0 ? t('wallet') : `${tx.confirmations}/${tx.requiredConfirmations}`} ·{' '}
            <code>{tx.txid.slice(0, 18)}…</code>{' '}
            {tx.explorerUrl ? (
              <a href={tx.explorerUrl} target="_blank" rel="noreferrer noopener">
                {t('explorer')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      <h4>{t('settlement')}</h4>
      <p>
        {detail.settlement.status
          ? `${detail.settlement.status} ${detail.settlement.amount} ${detail.settlement.symbol}`
          : '—'}
      </p>
      <h4>{t('timeline')}</h4>
      <ol className="timeline">
        {o.history.map((h, i) => (
          <li key={i}>
            <time>{formatTime(h.at, settings.locale, settings.timeZone)}</time> {h.text}
          </li>
        ))}
      </ol>
      <h4>{t('deliveries')}</h4>
      {detail.deliveriesError ? <p className="error">{detail.deliveriesError}</p> : null}
      {detail.deliveries.length === 0 ? <p>{t('noDeliveries')}</p> : null}
      <ul>
        {detail.deliveries.map((d) => (
          <li key={d.deliveryId}>
            <strong>{d.event}</strong> · {d.status} · {t('attempts', { n: d.attempts.length })}
            <ul>
              {d.attempts.map((a, i) => (
                <li key={i}>
                  {formatTime(a.at, settings.locale, settings.timeZone)} HTTP {a.httpStatus} {a.durationMs} ms {a.error}
                </li>
              ))}
            </ul>
            {d.status === 'exhausted' ? (
              <button type="button" onClick={() => redeliver.mutate(d.deliveryId)}>
                {t('redeliver')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReviewQueue({ items, token, settings }: { items: DayOrderRow[]; token: string; settings: TillSettings }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const decide = useMutation({
    mutationFn: (args: { orderId: string; decision: 'approve' | 'reject' }) =>
      api.call('owner.review', {
        token,
        orderId: args.orderId,
        decision: args.decision,
        reason: reasons[args.orderId] ?? '',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['owner.day'] }),
  });
  return (
    <section aria-labelledby="review-title" className="review-queue">
      <h3 id="review-title">{t('reviewQueue')}</h3>
      {items.length === 0 ? <p>{t('reviewEmpty')}</p> : null}
      {items.map((item) => (
        <div key={item.orderId} className="row review-item">
          <span>
            <code>{item.orderId}</code> {formatAmount(item.quoteAmount, settings.locale)} {item.quoteSymbol}
          </span>
          <label className="inline">
            {t('reason')}
            <input
              value={reasons[item.orderId] ?? ''}
              onChange={(e) => setReasons({ ...reasons, [item.orderId]: e.target.value })}
              maxLength={200}
            />
          </label>
          <button
            type="button"
            disabled={!reasons[item.orderId]?.trim()}
            onClick={() => decide.mutate({ orderId: item.orderId, decision: 'approve' })}
            aria-label={`${t('approve')} ${item.orderId}`}
          >
            {t('approve')}
          </button>
          <button
            type="button"
            className="danger"
            disabled={!reasons[item.orderId]?.trim()}
            onClick={() => decide.mutate({ orderId: item.orderId, decision: 'reject' })}
            aria-label={`${t('reject')} ${item.orderId}`}
          >
            {t('reject')}
          </button>
        </div>
      ))}
      {decide.isError ? <p className="error">{decide.error.message}</p> : null}
    </section>
  );
}

function Rails({ token }: { token: string }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const rails = useQuery({
    queryKey: ['owner.rails', token],
    queryFn: () => api.call('owner.rails', { token }),
    refetchInterval: 5000,
  });
  const [text, setText] = useState<string | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (config: Record<string, unknown>) => api.call('owner.saveRails', { token, config }),
    onSuccess: (view) => {
      queryClient.setQueryData(['owner.rails', token], view);
      setMessage({ error: false, text: t('railsSaved') });
    },
    onError: (e) => setMessage({ error: true, text: e instanceof PosCallError ? e.shape.message : e.message }),
  });
  if (!rails.data) return null;
  if (!rails.data.available) return <p className="hint no-print">{rails.data.reason}</p>;
  const value = text ?? (rails.data.config ? JSON.stringify(rails.data.config, null, 2) : '');
  return (
    <section aria-labelledby="rails-title" className="rails no-print">
      <h3 id="rails-title">{t('railsTitle')}</h3>
      <ul>
        {rails.data.health.length === 0 ? <li>{t('railsNone')}</li> : null}
        {rails.data.health.map((h) => (
          <li key={h.chainId}>
            {t('railHealth', {
              network: h.network,
              chainId: h.chainId,
              lastBlock: h.lastBlock,
              head: h.head,
              lag: h.lag,
            })}
            {h.lastError ? <span className="error"> · {t('railError', { error: h.lastError })}</span> : null}
          </li>
        ))}
      </ul>
      <label>
        {t('railsConfig')}
        <textarea
          rows={10}
          value={value}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
          aria-invalid={message?.error ?? false}
        />
      </label>
      <button
        type="button"
        onClick={() => {
          try {
            save.mutate(JSON.parse(value) as Record<string, unknown>);
          } catch {
            setMessage({ error: true, text: t('jsonInvalid') });
          }
        }}
      >
        {t('railsSave')}
      </button>
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error' : 'ok'}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

export function Owner({ settings }: { settings: TillSettings }) {
  const api = usePosApi();
  const { ownerToken, setOwnerToken } = useCashier();
  const [day, setDay] = useState('');
  const [status, setStatus] = useState('');
  const [assetId, setAssetId] = useState('');
  const [method, setMethod] = useState<'' | 'wallet' | 'chain'>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const token = ownerToken ?? '';
  const review = useQuery({
    queryKey: ['owner.day', token, day, status, assetId, method, search, page],
    queryFn: () =>
      api.call('owner.day', {
        token,
        ...(day ? { day } : {}),
        ...(status ? { status } : {}),
        ...(assetId ? { assetId } : {}),
        ...(method ? { method } : {}),
        ...(search ? { search } : {}),
        page,
      }),
    enabled: ownerToken !== null,
    placeholderData: (previous) => previous,
  });
  const detail = useQuery({
    queryKey: ['owner.order', openId],
    queryFn: () => api.call('owner.order', { token, orderId: openId! }),
    enabled: openId !== null && ownerToken !== null,
  });
  const exportCsv = useMutation({
    mutationFn: () => {
      const d = review.data?.day ?? '';
      return api.call('owner.export', { token, from: range.from || d, to: range.to || d });
    },
    onSuccess: (file) => {
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.filename;
      link.click();
      URL.revokeObjectURL(url);
    },
  });

  if (!ownerToken) return <PinGate onOpen={setOwnerToken} />;
  if (review.isError && review.error instanceof PosCallError && review.error.shape.code === 'owner_locked') {
    setOwnerToken(null);
    return null;
  }
  const data = review.data;
  return (
    <section className="screen owner" aria-labelledby="owner-title">
      <div className="row no-print">
        <h2 id="owner-title">{t('ownerTitle')}</h2>
        <label className="inline">
          {t('day')}
          <input type="date" value={day || data?.day || ''} onChange={(e) => setDay(e.target.value)} />
        </label>
        <button type="button" onClick={() => window.print()}>
          {t('printSummary')}
        </button>
        <button
          type="button"
          onClick={() => {
            void api.call('owner.lock', { token });
            setOwnerToken(null);
          }}
        >
          {t('lock')}
        </button>
      </div>
      <h2 className="print-only">{t('summaryTitle', { day: data?.day ?? '' })}</h2>
      {data ? <Totals review={data} locale={settings.locale} /> : <p role="status">{t('loading')}</p>}
      {data ? <ReviewQueue items={data.reviewQueue} token={token} settings={settings} /> : null}
      <div className="row filters no-print">
        <label className="inline">
          {t('filterStatus')}
          <select value={status} onChange={(e) => (setStatus(e.target.value), setPage(0))}>
            <option value="">{t('any')}</option>
            {['queued', 'unpaid', 'confirming', 'paid_less', 'pending', 'auditing', 'success', 'failed'].map((s) => (
              <option key={s} value={s}>
                {s.replace('_', ' ')}
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          {t('filterAsset')}
          <select value={assetId} onChange={(e) => (setAssetId(e.target.value), setPage(0))}>
            <option value="">{t('any')}</option>
            {(data?.totals.perAsset ?? []).map((a) => (
              <option key={a.assetId} value={a.assetId}>
                {a.symbol}
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          {t('filterMethod')}
          <select value={method} onChange={(e) => (setMethod(e.target.value as '' | 'wallet' | 'chain'), setPage(0))}>
            <option value="">{t('any')}</option>
            <option value="wallet">{t('wallet')}</option>
            <option value="chain">{t('onChain')}</option>
          </select>
        </label>
        <label className="inline">
          {t('search')}
          <input type="search" value={search} onChange={(e) => (setSearch(e.target.value), setPage(0))} />
        </label>
        <span>{data ? t('matching', { n: data.matching }) : ''}</span>
      </div>
      <table className="no-print">
        <thead>
          <tr>
            <th scope="col">{t('colTime')}</th>
            <th scope="col">{t('colOrder')}</th>
            <th scope="col">{t('colAmount')}</th>
            <th scope="col">{t('paidIn')}</th>
            <th scope="col">{t('colStatus')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('details')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(data?.orders ?? []).map((o) => (
            <tr key={o.orderId}>
              <td>{formatTime(o.createdAt, settings.locale, settings.timeZone)}</td>
              <td>
                <code>{o.orderId}</code>
              </td>
              <td className="num">
                {formatAmount(o.quoteAmount, settings.locale)} {o.quoteSymbol}
              </td>
              <td className="num">
                {formatAmount(o.paidAmount, settings.locale)} {o.paymentSymbol} {o.isChain ? '⛓' : ''}
              </td>
              <td>
                <span className={`badge status-${o.status}`}>{o.status.replace('_', ' ')}</span>
                {o.mismatch ? ' ⚠' : ''}
              </td>
              <td>
                <button type="button" aria-label={`${t('details')} ${o.orderId}`} onClick={() => setOpenId(o.orderId)}>
                  {t('details')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.matching > data.pageSize ? (
        <div className="row no-print">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('prevPage')}
          </button>
          <button
            type="button"
            disabled={(page + 1) * data.pageSize >= data.matching}
            onClick={() => setPage(page + 1)}
          >
            {t('nextPage')}
          </button>
        </div>
      ) : null}
      <div className="row no-print export">
        <label className="inline">
          {t('exportFrom')}
          <input
            type="date"
            value={range.from || data?.day || ''}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
        </label>
        <label className="inline">
          {t('exportTo')}
          <input
            type="date"
            value={range.to || data?.day || ''}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
          />
        </label>
        <button type="button" onClick={() => exportCsv.mutate()}>
          {t('exportCsv')}
        </button>
      </div>
      <Rails token={token} />
      {detail.data && openId ? (
        <Detail detail={detail.data} token={token} settings={settings} onClose={() => setOpenId(null)} />
      ) : null}
      <p className="print-only">{data ? formatDateTime(Date.now(), settings.locale, settings.timeZone) : ''}</p>
    </section>
  );
}
