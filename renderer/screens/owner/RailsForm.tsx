/**
 * The guided form for a live rail: a chain preset (chain id, confirmations, known tokens), the node's
 * URL, which assets to take, and the shop's xpub, each checked on its field before the gateway judges
 * the whole (docs/api.md, "Live rails"). The JSON stays available as the advanced view.
 */
import { useState } from 'react';
import { t } from '../../app/text.js';
import {
  CHAIN_PRESETS,
  railConfigOf,
  rpcProblem,
  xpubProblem,
  type RailsFormValue,
  type TokenPreset,
} from './rails-presets.js';

const first = CHAIN_PRESETS[0]!;
const initial: RailsFormValue = {
  xpub: '',
  preset: first.key,
  rpcUrl: '',
  confirmations: String(first.requiredConfirmations),
  assetIds: first.tokens.map((token) => token.assetId),
};

function Field({
  id,
  label,
  problem,
  children,
}: {
  id: string;
  label: string;
  problem: string;
  children: React.ReactNode;
}) {
  return (
    <div className="rails-field">
      <label htmlFor={id}>{label}</label>
      {children}
      <p id={`${id}-problem`} className="field-message error" role={problem ? 'alert' : undefined}>
        {problem}
      </p>
    </div>
  );
}

/** The tokens the chain's preset knows, each with its contract: the owner picks, never types a contract. */
function AssetChecks({
  tokens,
  picked,
  onPick,
  problem,
}: {
  tokens: TokenPreset[];
  picked: string[];
  onPick: (assetIds: string[]) => void;
  problem: string;
}) {
  return (
    <fieldset>
      <legend>{t('railsAssets')}</legend>
      {tokens.map((token) => (
        <label className="inline" key={token.assetId}>
          <input
            type="checkbox"
            checked={picked.includes(token.assetId)}
            onChange={(e) =>
              onPick(e.target.checked ? [...picked, token.assetId] : picked.filter((id) => id !== token.assetId))
            }
          />
          {token.symbol}{' '}
          {token.contract ? (
            <small>
              ({token.contract.slice(0, 6)}…{token.contract.slice(-4)})
            </small>
          ) : null}
        </label>
      ))}
      <p className="field-message error" role={problem ? 'alert' : undefined}>
        {problem}
      </p>
    </fieldset>
  );
}

export function RailsForm({ onSave, busy }: { onSave: (config: Record<string, unknown>) => void; busy: boolean }) {
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState(false);
  const preset = CHAIN_PRESETS.find((p) => p.key === form.preset) ?? first;
  const xpub = touched || form.xpub ? xpubProblem(form.xpub) : '';
  const rpc = touched || form.rpcUrl ? rpcProblem(form.rpcUrl) : '';
  const noAsset = touched && form.assetIds.length === 0 ? t('railsPickAsset') : '';
  const pickPreset = (key: string) => {
    const next = CHAIN_PRESETS.find((p) => p.key === key) ?? first;
    setForm({
      ...form,
      preset: key,
      confirmations: String(next.requiredConfirmations),
      assetIds: next.tokens.map((x) => x.assetId),
    });
  };
  const submit = () => {
    setTouched(true);
    if (xpubProblem(form.xpub) || rpcProblem(form.rpcUrl) || form.assetIds.length === 0) return;
    onSave(railConfigOf(form));
  };
  return (
    <div className="rails-form">
      <Field id="rail-chain" label={t('railsChain')} problem="">
        <select id="rail-chain" value={form.preset} onChange={(e) => pickPreset(e.target.value)}>
          {CHAIN_PRESETS.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label} · {t('railsChainId', { id: p.chainId })}
            </option>
          ))}
        </select>
      </Field>
      <Field id="rail-rpc" label={t('railsRpc')} problem={rpc}>
        <input
          id="rail-rpc"
          type="url"
          value={form.rpcUrl}
          onChange={(e) => setForm({ ...form, rpcUrl: e.target.value })}
          aria-invalid={rpc !== ''}
          aria-describedby="rail-rpc-problem"
          placeholder="https://"
        />
      </Field>
      <AssetChecks
        tokens={preset.tokens}
        picked={form.assetIds}
        onPick={(assetIds) => setForm({ ...form, assetIds })}
        problem={noAsset}
      />
      <Field id="rail-confirmations" label={t('railsConfirmations')} problem="">
        <input
          id="rail-confirmations"
          inputMode="numeric"
          value={form.confirmations}
          onChange={(e) => setForm({ ...form, confirmations: e.target.value.replace(/\D/g, '').slice(0, 4) || '0' })}
        />
      </Field>
      <Field id="rail-xpub" label={t('railsXpub')} problem={xpub}>
        <input
          id="rail-xpub"
          value={form.xpub}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setForm({ ...form, xpub: e.target.value.trim() })}
          aria-invalid={xpub !== ''}
          aria-describedby="rail-xpub-problem"
        />
      </Field>
      <button type="button" className="primary" onClick={submit} disabled={busy}>
        {t('railsSave')}
      </button>
    </div>
  );
}
