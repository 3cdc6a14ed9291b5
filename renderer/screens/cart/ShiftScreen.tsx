/**
 * The shift (README, "Shifts and the Z report"): open it with a cash float (managers), cash in and out
 * with a reason (anyone selling), close it by counting the drawer (managers): the Z report follows.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { compare, subtractSigned, toFixedPlaces } from '../../../shared/money.js';
import { useQuoteAssets } from '../../api/hooks.js';
import type { ZReport } from '../../../shared/posapi-sales.js';
import type { TillSettings } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { decimalTyped, formatAmount, formatDateTime } from '../../app/format.js';
import { t } from '../../app/text.js';
import type { Access } from '../signin/access.js';
import { ZReportView } from './ZReportView.js';
import { ThermalPrintButton } from '../../printing/ThermalPrintButton.js';
import { prt } from '../../printing/text.js';

/** A plain amount with at most `places` decimals (the currency's minor unit). */
const amountOk = (text: string, places: number) =>
  new RegExp(places > 0 ? `^\\d{1,9}(\\.\\d{1,${places}})?$` : '^\\d{1,9}$').test(text);

function AmountForm(props: {
  label: string;
  action: string;
  places: number;
  onSubmit: (amount: string) => void;
  reason?: boolean;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<'in' | 'out'>('out');
  const bad = amount.trim() !== '' && !amountOk(amount, props.places);
  const ok = amountOk(amount, props.places) && (!props.reason || reason.trim() !== '');
  return (
    <form
      className="shift-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ok) return;
        props.onSubmit(props.reason ? JSON.stringify({ kind, amount, reason: reason.trim() }) : amount);
        setAmount('');
        setReason('');
      }}
    >
      {props.reason ? (
        <label>
          {t('cashMoveKind')}
          <select value={kind} onChange={(e) => setKind(e.target.value as 'in' | 'out')}>
            <option value="out">{t('cashOut')}</option>
            <option value="in">{t('cashIn')}</option>
          </select>
        </label>
      ) : null}
      <label>
        {props.label}
        <input
          inputMode="decimal"
          value={amount}
          aria-invalid={bad}
          onChange={(e) => setAmount(decimalTyped(e.target.value))}
        />
      </label>
      {bad ? (
        <p role="alert" className="error">
          {t('amountBad', { field: props.label, places: props.places })}
        </p>
      ) : null}
      {props.reason ? (
        <label>
          {t('cashMoveReason')}
          <input value={reason} maxLength={80} onChange={(e) => setReason(e.target.value)} />
        </label>
      ) : null}
      <button type="submit" className="primary" disabled={!ok}>
        {props.action}
      </button>
    </form>
  );
}

/** −3.50 with a true minus sign; +2.00 when over. */
function signedMoney(amount: string, money: (a: string) => string): string {
  if (amount.startsWith('-')) return `−${money(amount.slice(1))}`;
  return compare(amount, '0') > 0 ? `+${money(amount)}` : money(amount);
}

/** Closing is final (the Z report is written once): the difference is said and confirmed first. */
function CloseConfirm({
  difference,
  onBack,
  onConfirm,
}: {
  difference: string;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="close-confirm" role="alertdialog" aria-labelledby="close-confirm-title">
      <p id="close-confirm-title">{t('closeConfirm', { difference })}</p>
      <div className="row spaced">
        <button type="button" onClick={onBack}>
          {t('closeBack')}
        </button>
        <button type="button" className="primary" autoFocus onClick={onConfirm}>
          {t('closeConfirmYes')}
        </button>
      </div>
    </div>
  );
}

/** The count, then the difference said and confirmed before the close is final. */
function CloseArea(props: {
  places: number;
  expected: string;
  show: (amount: string) => string;
  onClose: (counted: string) => void;
}) {
  const [closing, setClosing] = useState('');
  if (!closing)
    return <AmountForm places={props.places} label={t('countedCash')} action={t('closeShift')} onSubmit={setClosing} />;
  return (
    <CloseConfirm
      difference={props.show(subtractSigned(closing, props.expected))}
      onBack={() => setClosing('')}
      onConfirm={() => {
        setClosing('');
        props.onClose(closing);
      }}
    />
  );
}

/** The shop currency: its minor unit and symbol, and amounts written in it. */
function useCurrency(settings: TillSettings) {
  const quote = useQuoteAssets(true).data?.find((q) => q.assetId === settings.quoteAssetId);
  const places = quote?.decimalDigit ?? 2;
  const money = (amount: string) => formatAmount(toFixedPlaces(amount, places), settings.locale);
  return { places, symbol: quote?.symbol ?? settings.quoteAssetId.toUpperCase(), money };
}

function ReportPanel({ report, settings, onDone }: { report: ZReport; settings: TillSettings; onDone: () => void }) {
  const api = usePosApi();
  return (
    <>
      <ZReportView report={report} settings={settings} />
      <div className="row no-print">
        <button type="button" onClick={() => window.print()}>
          {t('print')}
        </button>
        <ThermalPrintButton
          label={prt('printZThermal')}
          run={() => api.call('zReport.print', { number: report.number })}
        />
        <button type="button" onClick={onDone}>
          {t('zDone')}
        </button>
      </div>
    </>
  );
}

export function ShiftScreen({ settings, access }: { settings: TillSettings; access: Access }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const shift = useQuery({ queryKey: ['shift.current'], queryFn: () => api.call('shift.current', {}) });
  const [report, setReport] = useState<ZReport | null>(null);
  const [error, setError] = useState('');
  const run = useMutation({
    mutationFn: async (step: () => Promise<unknown>) => step(),
    onSuccess: () => (setError(''), queryClient.invalidateQueries({ queryKey: ['shift.current'] })),
    onError: (e) => setError(e instanceof PosCallError ? e.message : e.message),
  });
  const { places, symbol, money } = useCurrency(settings);
  const current = shift.data;
  return (
    <section className="screen shift" aria-labelledby="shift-title">
      <h2 id="shift-title" className="no-print">
        {t('shiftTitle')}
      </h2>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {report ? (
        <ReportPanel report={report} settings={settings} onDone={() => setReport(null)} />
      ) : current === null ? (
        <>
          <p>{t('noShift')}</p>
          {access.may('shift') ? (
            <AmountForm
              places={places}
              label={t('float')}
              action={t('openShift')}
              onSubmit={(float) => run.mutate(() => api.call('shift.open', { float }))}
            />
          ) : (
            <p className="hint">{t('managerOpens')}</p>
          )}
        </>
      ) : current ? (
        <>
          <p>
            {t('shiftOpenSince', {
              at: formatDateTime(current.openedAt, settings.locale, settings.timeZone),
              by: current.openedBy,
              float: money(current.float),
            })}
          </p>
          <ul aria-label={t('cashMoves')}>
            {current.moves.map((m, i) => (
              <li key={i}>
                {t(m.kind === 'in' ? 'moveIn' : 'moveOut', { amount: money(m.amount), reason: m.reason, by: m.byName })}
              </li>
            ))}
          </ul>
          {current.expectedCash !== undefined ? (
            <p className="expected-cash">{t('expectedNow', { amount: `${money(current.expectedCash)} ${symbol}` })}</p>
          ) : null}
          <AmountForm
            places={places}
            label={t('cashMoveAmount')}
            action={t('recordCashMove')}
            reason
            onSubmit={(text) => run.mutate(() => api.call('shift.cashMove', JSON.parse(text)))}
          />
          {access.may('shift') ? (
            <CloseArea
              places={places}
              expected={current.expectedCash ?? '0'}
              show={(a) => `${signedMoney(a, money)} ${symbol}`}
              onClose={(counted) => run.mutate(async () => setReport(await api.call('shift.close', { counted })))}
            />
          ) : null}
        </>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </section>
  );
}
