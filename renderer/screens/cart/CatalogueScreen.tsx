/**
 * The catalogue (managers and the owner; README, "Catalogue"): the items with edit and delete, a new
 * item, CSV import (all or nothing: every problem by line and column) and export; for the owner, the
 * sales settings (tax mode, rounding, tips, the shop's address and tax id).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CatalogueImport, ItemView } from '../../../shared/posapi-sales.js';
import type { TillSettings } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import type { Access } from '../signin/access.js';
import { useItems, useSalesSettings } from './hooks.js';
import { ItemForm } from './ItemForm.js';
import { SalesSettingsForm } from './SalesSettingsForm.js';

function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

function ImportOutcome({ outcome }: { outcome: CatalogueImport }) {
  if (outcome.problems.length === 0)
    return <p role="status">{t('importDone', { created: outcome.created, updated: outcome.updated })}</p>;
  return (
    <div role="alert" className="error">
      <p>{t('importRefused')}</p>
      <ul>
        {outcome.problems.map((p, i) => (
          <li key={i}>{t('importProblem', { line: p.line, field: p.field, message: p.message })}</li>
        ))}
      </ul>
    </div>
  );
}

function CatalogueCsv({ onImport }: { onImport: (csv: string) => void }) {
  const api = usePosApi();
  return (
    <div className="row">
      <label>
        {t('importCsv')}
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const text = await file.text();
            onImport(text);
          }}
        />
      </label>
      <button type="button" onClick={() => api.call('items.export', {}).then((f) => download(f.filename, f.csv))}>
        {t('catalogueExport')}
      </button>
    </div>
  );
}

export function CatalogueScreen({ access }: { settings: TillSettings; access: Access }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const items = useItems();
  const sales = useSalesSettings();
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [outcome, setOutcome] = useState<CatalogueImport | null>(null);
  const run = useMutation({
    mutationFn: async (step: () => Promise<unknown>) => step(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['items'] });
      void queryClient.invalidateQueries({ queryKey: ['sales.settings'] });
    },
    onError: (e) => setMessage(e instanceof PosCallError ? e.message : e.message),
  });
  const act = (step: () => Promise<unknown>, done: string) => {
    setMessage('');
    run.mutate(async () => (await step(), setMessage(done)));
  };
  const row = (item: ItemView) =>
    editing === item.itemId ? (
      <li key={item.itemId}>
        <ItemForm
          item={item}
          onCancel={() => setEditing(null)}
          onSave={(fields) => (
            setEditing(null),
            act(() => api.call('items.save', { ...fields, itemId: item.itemId }), t('itemSaved'))
          )}
        />
      </li>
    ) : (
      <li key={item.itemId} className="catalogue-row">
        <span>
          <strong>{item.name}</strong> · {item.price} · {item.category || t('categoryOther')} · {item.taxRate}%
          {item.barcode ? ` · ${item.barcode}` : ''}
        </span>
        <button type="button" onClick={() => setEditing(item.itemId)}>
          {t('edit')}
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => act(() => api.call('items.delete', { itemId: item.itemId }), t('itemDeleted'))}
        >
          {t('delete')}
        </button>
      </li>
    );
  return (
    <section className="screen catalogue" aria-labelledby="catalogue-title">
      <h2 id="catalogue-title">{t('catalogueTitle')}</h2>
      <p role="status">{message}</p>
      <ItemForm item={null} onSave={(fields) => act(() => api.call('items.save', fields), t('itemSaved'))} />
      <ul className="catalogue-list" aria-label={t('catalogueItems')}>
        {(items.data ?? []).map(row)}
      </ul>
      <CatalogueCsv onImport={(csv) => run.mutate(async () => setOutcome(await api.call('items.import', { csv })))} />
      {outcome ? <ImportOutcome outcome={outcome} /> : null}
      {access.may('setup') && sales.data ? (
        <>
          <h3>{t('salesSettings')}</h3>
          <SalesSettingsForm
            current={sales.data}
            onSave={(s) => act(() => api.call('sales.saveSettings', s), t('saved'))}
          />
        </>
      ) : null}
    </section>
  );
}
