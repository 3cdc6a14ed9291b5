/**
 * First run and later changes: find the shop's payee, choose how to charge and which gateway. At
 * first run (no owner PIN yet) anyone installing saves; after that Save asks for the owner PIN,
 * opens an owner session for this one save (the main process checks it), and locks it again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PosApi, SettingsPatch, TillSettings } from '../../shared/posapi.js';
import { PosCallError } from '../api/pos-client.js';
import { usePosApi } from '../app/api-context.js';
import { t } from '../app/text.js';
import { useQuoteAssets } from '../api/hooks.js';
import { useCashier } from '../state/cashier.js';

const PIN = /^\d{4,8}$/;

/** Saves with an owner session when an owner PIN exists; the current PIN also confirms a new PIN. */
async function saveAsOwner(
  api: PosApi,
  patch: SettingsPatch,
  settings: TillSettings,
  currentPin: string,
): Promise<TillSettings> {
  if (!settings.ownerPinSet) return api.call('settings.save', patch);
  let token: string;
  try {
    token = (await api.call('owner.unlock', { pin: currentPin })).token;
  } catch (error) {
    // The unlock names its field `pin`; on this screen it is the current PIN.
    if (error instanceof PosCallError) throw new PosCallError({ ...error.shape, field: 'currentPin' });
    throw error;
  }
  try {
    return await api.call('settings.save', { ...patch, token, ...(patch.ownerPin ? { currentPin } : {}) });
  } finally {
    void api.call('owner.lock', { token }).catch(() => undefined);
  }
}

export function Setup({ settings }: { settings: TillSettings }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const go = useCashier((s) => s.go);
  const [networkId, setNetworkId] = useState(settings.payee?.networkId ?? '');
  const [shopName, setShopName] = useState(settings.shopName);
  const [quoteAssetId, setQuoteAssetId] = useState(settings.quoteAssetId);
  const [settlementAssetId, setSettlementAssetId] = useState(settings.settlementAssetId);
  const [gatewayKind, setGatewayKind] = useState(settings.gateway.kind);
  const [gatewayUrl, setGatewayUrl] = useState(settings.gateway.kind === 'hosted' ? settings.gateway.baseUrl : '');
  const [gatewayKey, setGatewayKey] = useState('');
  const [ownerPin, setOwnerPin] = useState('');
  const [currentPin, setCurrentPin] = useState('');
  const keySet =
    settings.gateway.kind === 'hosted' && settings.gateway.merchantKeySet && settings.gateway.baseUrl === gatewayUrl;
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string; field?: string } | null>(null);
  const quotes = useQuoteAssets(settings.configured);
  const settlements = useQuery({
    queryKey: ['assets.settlement'],
    queryFn: () => api.call('assets.settlement', {}),
    enabled: settings.configured,
    staleTime: 60_000,
  });

  const lookup = useMutation({
    mutationFn: () => api.call('payee.lookup', { networkId }),
    onSuccess: (payee) => {
      setMessage({ kind: 'ok', text: t('payeeFound', { name: payee.fullName || payee.payeeId }) });
      if (!shopName) setShopName(payee.fullName);
    },
    onError: (error) => {
      const shape = error instanceof PosCallError ? error.shape : undefined;
      setMessage({
        kind: 'error',
        text:
          shape?.code === 'payee_not_found'
            ? t('payeeNotFound', { id: networkId })
            : t('error', { message: error.message }),
        field: 'payeeNetworkId',
      });
    },
  });

  const save = useMutation({
    mutationFn: () => {
      const patch: SettingsPatch = {
        payeeNetworkId: networkId,
        quoteAssetId,
        settlementAssetId,
        gateway:
          gatewayKind === 'hosted'
            ? { kind: 'hosted', baseUrl: gatewayUrl, ...(gatewayKey ? { merchantKey: gatewayKey } : {}) }
            : { kind: 'embedded' },
      };
      if (shopName.trim()) patch.shopName = shopName.trim();
      if (ownerPin) patch.ownerPin = ownerPin;
      return saveAsOwner(api, patch, settings, currentPin);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(['settings'], saved);
      void queryClient.invalidateQueries({ queryKey: ['assets.quote'] });
      setMessage({ kind: 'ok', text: t('saved') });
      go('charge');
    },
    onError: (error) => {
      const shape = error instanceof PosCallError ? error.shape : undefined;
      const pinProblem = shape?.field === 'currentPin' || shape?.code === 'owner_required';
      const text =
        shape?.code === 'payee_not_found'
          ? t('payeeNotFound', { id: networkId })
          : pinProblem
            ? shape.message
            : t('error', { message: error.message });
      setMessage({ kind: 'error', text, field: pinProblem ? 'currentPin' : shape?.field });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <section className="screen setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t('setupTitle')}</h2>
      <p>{t('setupIntro')}</p>
      <form onSubmit={submit}>
        <label htmlFor="payee-network-id">{t('payeeNetworkId')}</label>
        <span className="row">
          <input
            id="payee-network-id"
            inputMode="numeric"
            value={networkId}
            onChange={(e) => setNetworkId(e.target.value.trim())}
            aria-invalid={message?.field === 'payeeNetworkId'}
            aria-describedby="setup-message"
            required
          />
          <button type="button" onClick={() => lookup.mutate()} disabled={!networkId || lookup.isPending}>
            {t('lookUp')}
          </button>
        </span>
        <label>
          {t('shopName')}
          <input value={shopName} onChange={(e) => setShopName(e.target.value)} maxLength={80} />
        </label>
        <label>
          {t('quoteCurrency')}
          <select value={quoteAssetId} onChange={(e) => setQuoteAssetId(e.target.value)}>
            {(
              quotes.data ?? [
                { assetId: 'usd', symbol: 'USD' },
                { assetId: 'eur', symbol: 'EUR' },
                { assetId: 'gbp', symbol: 'GBP' },
              ]
            ).map((q) => (
              <option key={q.assetId} value={q.assetId}>
                {q.symbol}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('settlementAsset')}
          <select value={settlementAssetId} onChange={(e) => setSettlementAssetId(e.target.value)}>
            <option value="">{t('settleAsPaid')}</option>
            {(settlements.data ?? []).map((a) => (
              <option key={a.assetId} value={a.assetId}>
                {a.symbol} ({a.network})
              </option>
            ))}
          </select>
        </label>
        <label>
          {settings.ownerPinSet ? t('ownerPinNew') : t('ownerPinSetup')}
          <input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            value={ownerPin}
            onChange={(e) => setOwnerPin(e.target.value.trim())}
            aria-invalid={message?.field === 'ownerPin'}
            aria-describedby="pin-hint"
          />
        </label>
        <small id="pin-hint">{settings.ownerPinSet ? t('ownerPinIsSet') : t('ownerPinFirstRun')}</small>
        <fieldset>
          <legend>{t('gatewayKind')}</legend>
          <label className="inline">
            <input
              type="radio"
              name="gateway"
              checked={gatewayKind === 'embedded'}
              onChange={() => setGatewayKind('embedded')}
            />{' '}
            {t('gatewayEmbedded')}
          </label>
          <label className="inline">
            <input
              type="radio"
              name="gateway"
              checked={gatewayKind === 'hosted'}
              onChange={() => setGatewayKind('hosted')}
            />{' '}
            {t('gatewayHosted')}
          </label>
          {gatewayKind === 'hosted' ? (
            <>
              <label>
                {t('gatewayUrl')}
                <input
                  type="url"
                  value={gatewayUrl}
                  onChange={(e) => setGatewayUrl(e.target.value)}
                  placeholder="https://gateway.example"
                  aria-invalid={message?.field === 'gateway.baseUrl'}
                  aria-describedby="setup-message"
                  required
                />
              </label>
              <label>
                {t('gatewayKey')}
                <input
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  value={gatewayKey}
                  onChange={(e) => setGatewayKey(e.target.value.trim())}
                  aria-invalid={message?.field === 'gateway.merchantKey'}
                  aria-describedby="gateway-key-hint"
                />
              </label>
              <small id="gateway-key-hint">
                {keySet ? `${t('gatewayKeyIsSet')} ${t('gatewayKeyHint')}` : t('gatewayKeyHint')}
              </small>
            </>
          ) : null}
        </fieldset>
        {settings.ownerPinSet ? (
          <>
            <label>
              {t('ownerPinCurrent')}
              <input
                type="password"
                inputMode="numeric"
                autoComplete="current-password"
                value={currentPin}
                onChange={(e) => setCurrentPin(e.target.value.trim())}
                aria-invalid={message?.field === 'currentPin'}
                aria-describedby="current-pin-hint setup-message"
                required
              />
            </label>
            <small id="current-pin-hint">{t('ownerPinCurrentHint')}</small>
          </>
        ) : null}
        <p
          id="setup-message"
          role={message?.kind === 'error' ? 'alert' : 'status'}
          className={message?.kind === 'error' ? 'error' : 'ok'}
        >
          {message?.text ?? ''}
        </p>
        <button
          type="submit"
          className="primary"
          disabled={
            save.isPending ||
            !networkId ||
            (ownerPin !== '' && !PIN.test(ownerPin)) ||
            (settings.ownerPinSet && !PIN.test(currentPin))
          }
        >
          {t('save')}
        </button>
      </form>
    </section>
  );
}
