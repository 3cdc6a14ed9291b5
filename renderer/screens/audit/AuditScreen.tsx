/**
 * The owner's audit log (README, "Audit log"): the hash chain's verdict on top (tampering in red, with
 * the entry where it shows), filters by action, person and days, the entries newest first, and the CSV.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditView } from '../../../shared/posapi-staff.js';
import type { TillSettings } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import { download } from '../owner/ExportPanel.js';
import { AuditTable } from './AuditTable.js';

export interface AuditFilter {
  action: string;
  actorId: string;
  from: string;
  to: string;
}

function ChainVerdict({ chain }: { chain: AuditView['chain'] }) {
  if (chain.ok)
    return (
      <p role="status" className="chain-ok">
        ✓ {t('auditIntact', { n: chain.rows })}
      </p>
    );
  return (
    <p role="alert" className="error chain-broken">
      ⚠ {t('auditBroken', { problem: chain.problem })}
    </p>
  );
}

function AuditFilters({
  filter,
  onFilter,
  view,
}: {
  filter: AuditFilter;
  onFilter: (change: Partial<AuditFilter>) => void;
  view: AuditView | undefined;
}) {
  const api = usePosApi();
  const staff = useQuery({ queryKey: ['staff.list'], queryFn: () => api.call('staff.list', {}) });
  return (
    <div className="row filters">
      <label className="inline">
        {t('auditAction')}
        <select value={filter.action} onChange={(e) => onFilter({ action: e.target.value })}>
          <option value="">{t('any')}</option>
          {(view?.actions ?? []).map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <label className="inline">
        {t('auditWho')}
        <select value={filter.actorId} onChange={(e) => onFilter({ actorId: e.target.value })}>
          <option value="">{t('any')}</option>
          {(staff.data ?? []).map((s) => (
            <option key={s.accountId} value={s.accountId}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="inline">
        {t('exportFrom')}
        <input type="date" value={filter.from} onChange={(e) => onFilter({ from: e.target.value })} />
      </label>
      <label className="inline">
        {t('exportTo')}
        <input type="date" value={filter.to} onChange={(e) => onFilter({ to: e.target.value })} />
      </label>
      <span>{view ? t('matching', { n: view.matching }) : ''}</span>
    </div>
  );
}

export function AuditScreen({ settings }: { settings: TillSettings }) {
  const api = usePosApi();
  const [filter, setFilter] = useState<AuditFilter>({ action: '', actorId: '', from: '', to: '' });
  const [page, setPage] = useState(0);
  const log = useQuery({
    queryKey: ['audit.list', filter, page],
    queryFn: () =>
      api.call('audit.list', {
        ...(filter.action ? { action: filter.action } : {}),
        ...(filter.actorId ? { actorId: filter.actorId } : {}),
        ...(filter.from ? { from: filter.from } : {}),
        ...(filter.to ? { to: filter.to } : {}),
        page,
      }),
    placeholderData: (previous) => previous,
  });
  const today = new Date().toISOString().slice(0, 10);
  const exportCsv = useMutation({
    mutationFn: () => api.call('audit.export', { from: filter.from || '2000-01-01', to: filter.to || today }),
    onSuccess: (file) => download(file.filename, file.csv),
  });
  const view = log.data;
  return (
    <section className="screen audit" aria-labelledby="audit-title">
      <div className="row">
        <h2 id="audit-title">{t('auditTitle')}</h2>
        <button type="button" onClick={() => exportCsv.mutate()}>
          {t('auditExport')}
        </button>
      </div>
      {view ? <ChainVerdict chain={view.chain} /> : <p role="status">{t('loading')}</p>}
      <AuditFilters
        filter={filter}
        view={view}
        onFilter={(change) => (setFilter((f) => ({ ...f, ...change })), setPage(0))}
      />
      <AuditTable view={view} settings={settings} page={page} onPage={setPage} />
    </section>
  );
}
