/**
 * The gateway's asset lists as the till keeps them (docs/api.md, "Asset lists"): the quote currencies
 * (asked once, until the settings change) and, per payment asset, the facts an instruction's QR and
 * progress need (network, confirmations, EVM chain and token). Kept in memory: a cache, not work.
 */
import { isZero } from '../../../shared/money.js';
import type { PaymentAssetView, QuoteAssetView, SettlementAssetView } from '../../../shared/posapi.js';
import type { QuoteAssetItem } from '../../../shared/wire.js';
import type { Logger } from '../../platform/logger.js';
import { factsOf, type AssetFacts } from '../orders/views.js';
import { requirePayee, type TillSettingsStore } from '../settings/store.js';
import type { GatewayLink } from './link.js';

export interface CatalogDeps {
  settings: TillSettingsStore;
  link: GatewayLink;
  logger: Logger;
}

export class Catalog {
  private readonly facts = new Map<string, AssetFacts>();
  private quoteList: QuoteAssetItem[] | undefined;

  constructor(private readonly deps: CatalogDeps) {}

  factsOf(assetId: string): AssetFacts | undefined {
    return this.facts.get(assetId);
  }

  /** Networks (and, in the sandbox, their confirmations) of the payment assets, for QR URIs and progress. */
  async load(): Promise<void> {
    const { settings, link, logger } = this.deps;
    const payee = settings.stored().payee;
    if (!payee || this.facts.size > 0) return;
    try {
      const required = new Map<string, number>();
      if (link.inSandbox())
        for (const n of await link.client.sandboxNetworks()) required.set(n.network, n.requiredConfirmations);
      for (const item of await link.client.paymentAssets(payee.payeeId, settings.stored().quoteAssetId))
        this.facts.set(item.assetId, factsOf(item, required.get(item.network) ?? 0));
    } catch (error) {
      logger.warn('could not load the asset list', { error: String(error) });
    }
  }

  /** The quote currencies of the shop's payee, with their limits. */
  async quotes(): Promise<QuoteAssetItem[]> {
    if (this.quoteList) return this.quoteList;
    const payee = requirePayee(this.deps.settings);
    this.quoteList = await this.deps.link.client.quoteAssets(payee.payeeId);
    return this.quoteList;
  }

  /** `payeeId`: a payee looked up in Setup but not saved yet (asked each time, not kept). */
  async quoteViews(payeeId?: string): Promise<QuoteAssetView[]> {
    const list = payeeId ? await this.deps.link.client.quoteAssets(payeeId) : await this.quotes();
    return list.map((q) => ({
      assetId: q.assetId,
      symbol: q.symbol,
      isCrypto: q.isAsset === 1,
      decimalDigit: q.decimalDigit,
      minQuoteAmount: q.minQuoteAmount,
      maxQuoteAmount: q.maxQuoteAmount,
    }));
  }

  /** The assets that can pay (this amount of) a quote currency; those that cannot say why. */
  async paymentViews(quoteAssetId: string, quoteAmount?: string): Promise<PaymentAssetView[]> {
    const payee = requirePayee(this.deps.settings);
    const items = await this.deps.link.client.paymentAssets(payee.payeeId, quoteAssetId, quoteAmount);
    await this.load();
    for (const item of items)
      this.facts.set(item.assetId, factsOf(item, this.facts.get(item.assetId)?.requiredConfirmations ?? 0));
    return items.map((item): PaymentAssetView => {
      const unusable = quoteAmount !== undefined && isZero(item.minPaymentAmount || '0');
      return {
        assetId: item.assetId,
        symbol: item.symbol,
        name: item.name,
        network: item.network,
        iconUrl: item.iconUrl,
        onChainSupported: item.onChainSupported,
        walletSupported: this.deps.link.takesWallet(),
        minPaymentAmount: item.minPaymentAmount,
        maxPaymentAmount: item.maxPaymentAmount,
        usable: !unusable,
        reason: unusable ? `${item.symbol} cannot pay this amount (outside its limits)` : '',
      };
    });
  }

  async settlementViews(payeeId?: string): Promise<SettlementAssetView[]> {
    const id = payeeId ?? requirePayee(this.deps.settings).payeeId;
    return (await this.deps.link.client.settlementAssets(id)).map((s) => ({
      assetId: s.assetId,
      symbol: s.symbol,
      name: s.name,
      network: s.network,
    }));
  }

  /** The settings changed: the quote list is asked again; another gateway or payee has other assets. */
  forget(gatewayChanged: boolean): void {
    this.quoteList = undefined;
    if (gatewayChanged) this.facts.clear();
  }

  /** The rails changed: the asset facts are asked again. */
  forgetFacts(): void {
    this.facts.clear();
  }
}
