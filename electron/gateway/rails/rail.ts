/**
 * A rail observes payments on one kind of network (docs/architecture.md, "Rails"): it hands out
 * deposit addresses for the assets it carries and reports what it sees as facts to the result
 * engine, through the one booking module (rails/facts.ts). The gateway composes its rails from a
 * list (gateway.ts); adding a rail is a folder under rails/ with a class implementing `Rail`.
 */
import type { FastifyInstance } from 'fastify';
import type { RailHealthView } from '../../../shared/posapi.js';
import type { Asset, Network } from '../catalog.js';
import type { RouteHelpers } from '../routes.js';

/** Where a payer sends an on-chain payment (docs/api.md, "Creating a payment"). */
export interface DepositAddress {
  destination: string;
  tag: string;
}

export interface Rail {
  /** For logs and the owner's views: 'sandbox', 'evm', ... */
  readonly name: string;
  /** Whether the rail can take a payment in `asset` now (in live mode only such assets are offered). */
  carries(asset: Asset): boolean;
  /**
   * A new deposit address for one payment in `asset` on `network`. Called inside the transaction
   * that stores it, only for an asset the rail carries; an address is never handed out twice.
   */
  depositAddress(asset: Asset, network: Network, traceId: string): DepositAddress;
  /** Fields an asset-list item of this rail carries beyond the API's (EVM: chainId, decimals, contract). */
  assetExtras(assetId: string): Record<string, unknown> | undefined;
  /** What the rail watches and how far it got (the owner's health view). */
  health(): RailHealthView[];
  /** Work of the rail's own that falls due on the gateway clock (docs/architecture.md, "Due work"). */
  due(nowMs: number): void;
  /** The rail's own routes (the sandbox network, the EVM configuration). */
  registerRoutes(app: FastifyInstance, helpers: RouteHelpers): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The gateway's rails, in the order they are asked. */
export class Rails {
  constructor(private readonly list: readonly Rail[]) {}

  /** The rail that carries `asset`, if any (asked on every on-chain create: a plain loop). */
  railFor(asset: Asset): Rail | undefined {
    for (let i = 0; i < this.list.length; i++) if (this.list[i]!.carries(asset)) return this.list[i];
    return undefined;
  }

  assetExtras(assetId: string): Record<string, unknown> | undefined {
    for (const rail of this.list) {
      const extras = rail.assetExtras(assetId);
      if (extras) return extras;
    }
    return undefined;
  }

  due(nowMs: number): void {
    for (const rail of this.list) rail.due(nowMs);
  }

  registerRoutes(app: FastifyInstance, helpers: RouteHelpers): void {
    for (const rail of this.list) rail.registerRoutes(app, helpers);
  }

  async start(): Promise<void> {
    await Promise.all(this.list.map((rail) => rail.start()));
  }

  async close(): Promise<void> {
    await Promise.all(this.list.map((rail) => rail.close()));
  }
}
