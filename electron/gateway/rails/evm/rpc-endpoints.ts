/**
 * A chain's JSON-RPC URLs, used one at a time in the configured order. Each scanner pass starts by
 * connecting: the first usable URL is asked for its chain id, and the whole pass then talks to that
 * URL only, so every fact of the pass comes from a node proven to be on the configured chain. A URL
 * whose node is on another chain is never used again (until the rail is configured anew); one that
 * fails is skipped for a while. Problems are kept per URL, masked, for the rail's health.
 */
import { createPublicClient, http, type PublicClient } from 'viem';
import { maskRpcUrl, scrubSecrets } from './config.js';

/** How long a URL that failed is passed over while others may answer (real time). */
const RETRY_AFTER_MS = 30_000;

interface Endpoint {
  index: number;
  url: string;
  client: PublicClient;
  /** For the chain-id question only: quick to give up, so a dead first URL costs little. */
  probe: PublicClient;
  /** The chain id its node answered when it was not the configured one: never used again. */
  wrongChain?: number;
  retryAt: number;
  problem: string;
}

export interface EndpointsOptions {
  urls: readonly string[];
  chainId: number;
  /** Notes from the configuration (URLs that did not answer then), by URL index. */
  initialProblems?: ReadonlyMap<number, string>;
  /** Real time in ms (monotonic): failure back-off is about the network, not the shop's clock. */
  now?: () => number;
  onWrongChain?: (index: number, answered: number) => void;
}

export class RpcEndpoints {
  private readonly endpoints: Endpoint[];
  private current: Endpoint | undefined;
  private readonly now: () => number;

  constructor(private readonly options: EndpointsOptions) {
    this.now = options.now ?? (() => performance.now());
    this.endpoints = options.urls.map((url, index) => ({
      index,
      url,
      client: createPublicClient({
        transport: http(url, { timeout: 10_000, retryCount: 2, retryDelay: 250 }),
      }) as PublicClient,
      probe: createPublicClient({ transport: http(url, { timeout: 3000, retryCount: 0 }) }) as PublicClient,
      retryAt: 0,
      problem: options.initialProblems?.get(index) ?? '',
    }));
  }

  /** A message safe to show and log: no credential of any configured URL. */
  scrub(text: string): string {
    return scrubSecrets(text, this.options.urls);
  }

  private label(endpoint: Endpoint): string {
    return `rpcUrls[${endpoint.index}] (${maskRpcUrl(endpoint.url)})`;
  }

  private firstLine(error: unknown): string {
    return this.scrub(error instanceof Error ? (error.message.split('\n')[0] ?? 'no answer') : String(error));
  }

  /** Connects for one pass; throws when no URL is usable. */
  async connect(): Promise<PublicClient> {
    this.current = undefined;
    const usable = this.endpoints.filter((e) => e.wrongChain === undefined);
    const now = this.now();
    const rested = usable.filter((e) => e.retryAt <= now);
    // When every URL failed lately, try them all again rather than none.
    for (const endpoint of rested.length > 0 ? rested : usable) {
      let answered: number;
      try {
        answered = await endpoint.probe.getChainId();
      } catch (error) {
        endpoint.retryAt = this.now() + RETRY_AFTER_MS;
        endpoint.problem = `${this.label(endpoint)}: no answer (${this.firstLine(error)})`;
        continue;
      }
      if (answered !== this.options.chainId) {
        endpoint.wrongChain = answered;
        endpoint.problem = `${this.label(endpoint)}: the node is on chain id ${answered}, not ${this.options.chainId}; this URL is not used`;
        this.options.onWrongChain?.(endpoint.index, answered);
        continue;
      }
      endpoint.problem = '';
      this.current = endpoint;
      return endpoint.client;
    }
    throw new Error(usable.length === 0 ? `no RPC URL is on chain id ${this.options.chainId}` : 'no RPC URL answered');
  }

  /** The pass on the current URL failed: pass over it for a while, so the next one is tried first. */
  failed(error: unknown): void {
    if (!this.current) return;
    this.current.retryAt = this.now() + RETRY_AFTER_MS;
    this.current.problem = `${this.label(this.current)}: ${this.firstLine(error)}`;
    this.current = undefined;
  }

  /** Every URL's current problem, joined ("" when all is well). */
  problems(): string {
    return this.endpoints
      .map((e) => e.problem)
      .filter(Boolean)
      .join('; ');
  }
}
