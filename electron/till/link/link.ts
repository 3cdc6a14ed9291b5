/**
 * The till's line to the gateway in use, embedded or hosted (README, "Offline"): the /v1 client with
 * its key policy, the connection the renderer shows (online, queued orders, last contact), and the
 * gateway's clock as the till last learned it from the envelopes' `timestampMs` (the sandbox clock may
 * run ahead of the till's). The till reaches the gateway only over HTTP (docs/architecture.md, "Boundaries").
 */
import { PosError, type ConnectionView, type GatewayMode, type PayeeView } from '../../../shared/posapi.js';
import type { PosEventHub } from '../../bridge/events.js';
import type { Clock } from '../../platform/clock.js';
import type { TillSettingsStore } from '../settings/store.js';
import { GatewayClient, GatewayRefused, GatewayUnreachable } from './gateway-client.js';
import { merchantKeyFor, tillKeyFor, type GatewaySetting } from './key-policy.js';
import { posError } from '../../../shared/pos-error.js';
import { gatewayRefusal } from './gateway-refusal.js';

export interface LinkDeps {
  settings: TillSettingsStore;
  clock: Clock;
  events: PosEventHub;
  /** The embedded gateway's base URL (known once it listens). */
  embeddedUrl: () => string;
  embeddedMode: GatewayMode;
  /** The embedded gateway's merchant key: sent to the embedded gateway only (key-policy.ts). */
  merchantKey: string;
  /** Orders waiting to be sent, shown with the connection. */
  queued: () => number;
  /** The gateway answers again after it could not be reached. */
  onReconnect: () => void;
  /** The gateway's clock was learned to run this far ahead of the till's (on changes of a second or more). */
  onGatewayClock: (offsetMs: number) => void;
}

/** Learned offsets closer than this to the one followed are network jitter, not a moved clock. */
const CLOCK_JITTER_MS = 1000;

/** A failure on the way to the gateway, in words the cashier can read. */
export function posErrorOf(error: unknown): PosError {
  if (error instanceof PosError) return error;
  if (error instanceof GatewayUnreachable) return posError('gateway_unreachable', { detail: error.message });
  if (error instanceof GatewayRefused) return gatewayRefusal(error.code, error.message);
  return posError('internal_detail', { detail: String(error) });
}

export class GatewayLink {
  readonly client: GatewayClient;
  private offsetMs = 0;
  private followedMs: number | undefined;
  private connection: ConnectionView = { online: true, queued: 0, lastContactAt: 0 };

  constructor(private readonly deps: LinkDeps) {
    this.client = new GatewayClient({
      baseUrl: () => this.url(),
      hosted: () => this.target().kind === 'hosted',
      merchantKey: () => merchantKeyFor(this.target(), deps.merchantKey),
      tillKey: () => tillKeyFor(this.target()),
      onContact: (reachable) => this.contact(reachable),
      onGatewayTime: (gatewayMs) => this.gatewayTime(gatewayMs),
    });
  }

  private target(): GatewaySetting {
    return this.deps.settings.stored().gateway;
  }

  url(target: GatewaySetting = this.target()): string {
    return target.kind === 'hosted' ? target.baseUrl.replace(/\/+$/, '') : this.deps.embeddedUrl();
  }

  usesEmbedded(): boolean {
    return this.target().kind === 'embedded';
  }

  /** The embedded gateway in sandbox mode: the simulated payer and chains are there. */
  inSandbox(): boolean {
    return this.usesEmbedded() && this.deps.embeddedMode === 'sandbox';
  }

  /** Wallet transfers: the embedded gateway in live mode takes payments on chain only (no wallet rail). */
  takesWallet(): boolean {
    return !(this.usesEmbedded() && this.deps.embeddedMode === 'live');
  }

  /** The gateway's clock minus the till's (ms). */
  get gatewayOffsetMs(): number {
    return this.offsetMs;
  }

  /** The gateway's clock read `gatewayMs` just now. */
  gatewayTime(gatewayMs: number): void {
    this.offsetMs = gatewayMs - this.deps.clock.now();
    if (this.followedMs !== undefined && Math.abs(this.offsetMs - this.followedMs) < CLOCK_JITTER_MS) return;
    this.followedMs = this.offsetMs;
    this.deps.onGatewayClock(this.offsetMs);
  }

  /** Told after every exchange whether the gateway answered. */
  contact(reachable: boolean): void {
    const next: ConnectionView = {
      online: reachable,
      queued: this.deps.queued(),
      lastContactAt: reachable ? this.deps.clock.now() : this.connection.lastContactAt,
    };
    const changed = next.online !== this.connection.online || next.queued !== this.connection.queued;
    const reconnected = reachable && !this.connection.online;
    this.connection = next;
    if (changed) this.deps.events.publish('connection.changed', next);
    if (reconnected) this.deps.onReconnect();
  }

  view(): ConnectionView {
    return { ...this.connection, queued: this.deps.queued() };
  }

  /** Looks a payee up on the gateway in use, or on one being set up (a public endpoint: no key). */
  async lookup(networkId: string, target?: GatewaySetting): Promise<PayeeView> {
    const client = target
      ? new GatewayClient({
          baseUrl: () => this.url(target),
          hosted: () => target.kind === 'hosted',
          merchantKey: () => undefined,
        })
      : this.client;
    try {
      const found = await client.lookupPayee(networkId);
      return { networkId, payeeId: found.payeeId, fullName: found.fullName ?? '' };
    } catch (error) {
      if (error instanceof GatewayRefused && error.code === 10001)
        throw posError('payee_not_found', { networkId }, 'payeeNetworkId');
      throw error;
    }
  }
}
