/**
 * Setup's receipt printer: where it is, the paper width, the drawer after cash; save and a test page.
 * The form opens only once the stored printer has answered, and starts from it: an answer arriving after
 * the owner began typing would otherwise replace the typed address (a slow till, or an owner who types
 * at once), and "Use this printer" would then save the old one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PrinterSettings } from '../../shared/posapi-printing.js';
import { usePosApi } from '../app/api-context.js';
import { t } from '../app/text.js';
import { prt } from './text.js';
import './printing.css';

const NO_PRINTER: PrinterSettings = { target: '', columns: 42, drawerAfterCash: false };

export function PrinterSetup() {
  const api = usePosApi();
  const stored = useQuery({ queryKey: ['printer'], queryFn: () => api.call('printer.get', {}) });
  if (stored.isPending)
    return (
      <section className="printer-setup" aria-labelledby="printer-title">
        <h3 id="printer-title">{prt('printerTitle')}</h3>
        <p role="status">{t('loading')}</p>
      </section>
    );
  return <PrinterForm stored={stored.data} loadError={stored.error} />;
}

function PrinterForm({ stored, loadError }: { stored: PrinterSettings | undefined; loadError: Error | null }) {
  const api = usePosApi();
  const queries = useQueryClient();
  const [form, setForm] = useState<PrinterSettings>(stored ?? NO_PRINTER);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(
    loadError ? { error: true, text: loadError.message } : null,
  );
  const fail = (error: unknown) =>
    setNote({ error: true, text: error instanceof Error ? error.message : String(error) });
  const save = useMutation({
    mutationFn: () => api.call('printer.save', form),
    onSuccess: (saved) => {
      queries.setQueryData(['printer'], saved);
      setForm(saved);
      setNote({ error: false, text: prt('printerSaved') });
    },
    onError: fail,
  });
  const test = useMutation({
    mutationFn: () => api.call('printer.test', {}),
    onSuccess: () => setNote({ error: false, text: prt('printerTested') }),
    onError: fail,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="printer-setup" onSubmit={submit} aria-labelledby="printer-title">
      <h3 id="printer-title">{prt('printerTitle')}</h3>
      <p className="hint">{prt('printerIntro')}</p>
      <label>
        {prt('printerTarget')}
        <input
          value={form.target}
          onChange={(e) => setForm({ ...form, target: e.target.value })}
          aria-describedby="printer-target-hint"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <p id="printer-target-hint" className="hint">
        {prt('printerTargetHint')}
      </p>
      <label>
        {prt('printerColumns')}
        <select value={form.columns} onChange={(e) => setForm({ ...form, columns: Number(e.target.value) })}>
          <option value={42}>{prt('columns42')}</option>
          <option value={32}>{prt('columns32')}</option>
          <option value={48}>{prt('columns48')}</option>
        </select>
      </label>
      <label className="inline printer-drawer">
        <input
          type="checkbox"
          checked={form.drawerAfterCash}
          onChange={(e) => setForm({ ...form, drawerAfterCash: e.target.checked })}
        />
        {prt('drawerAfterCash')}
      </label>
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {prt('printerSave')}
        </button>
        <button type="button" disabled={test.isPending || !stored?.target} onClick={() => test.mutate()}>
          {prt('printerTest')}
        </button>
      </div>
      <p role={note?.error ? 'alert' : 'status'} className={note?.error ? 'error' : 'ok'}>
        {note?.text ?? ''}
      </p>
    </form>
  );
}
