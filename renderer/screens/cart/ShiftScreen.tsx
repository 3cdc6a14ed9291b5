/**
 * The shift (README, "Shifts and the Z report"): open it with a cash float (managers), cash in and out
 * with a reason (anyone selling), close it by counting the drawer (managers): the Z report follows.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toFixedPlaces } from '../../../shared/money.js';
import type { ZReport } from '../../../shared/posapi-sales.js';
import type { TillSettings } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { formatAmount, formatDateTime } from '../../app/format.js';
import { t } from '../../app/text.js';
import type { Access } from '../signin/access.js';
import { ZReportView } from './ZReportView.js';
import { ThermalPrintButton } from '../../printing/ThermalPrintButton.js';
import { prt } from '../../printing/text.js';

const AMOUNT = /^\d{1,9}(\.\d{1,4})?$/;

function AmountForm(props: { label: string; action: string; onSubmit: (amount: string) => void; reason?: boolean }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<'in' | 'out'>('out');
  const ok = AMOUNT.test(amount) && (!props.reason || reason.trim() !== '');
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
        <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value.replace(',', '.'))} />
      </label>
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
    onError: (e) => setError(e instanceof PosCallError ? e.shape.message : e.message),
  });
  const money = (amount: string) => formatAmount(toFixedPlaces(amount, 2), settings.locale);
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
          <AmountForm
            label={t('cashMoveAmount')}
            action={t('recordCashMove')}
            reason
            onSubmit={(text) => run.mutate(() => api.call('shift.cashMove', JSON.parse(text)))}
          />
          {access.may('shift') ? (
            <AmountForm
              label={t('countedCash')}
              action={t('closeShift')}
              onSubmit={(counted) => run.mutate(async () => setReport(await api.call('shift.close', { counted })))}
            />
          ) : null}
        </>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </section>
  );
}
