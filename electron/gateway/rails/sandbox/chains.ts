/**
 * The sandbox's simulated chains: the height of each, kept in gateway.db so a restart resumes
 * where the chains stood (docs/api.md, "Sandbox"). The one module that queries `sandbox_chains`.
 */
import type { Db } from '../../../platform/db.js';

export class SandboxChains {
  private readonly heightOf;
  private readonly putHeight;
  private readonly all;

  constructor(db: Db) {
    this.heightOf = db.prepare('SELECT height FROM sandbox_chains WHERE network = ?').pluck();
    this.putHeight = db.prepare(
      'INSERT INTO sandbox_chains (network, height) VALUES (?, ?) ON CONFLICT (network) DO UPDATE SET height = excluded.height',
    );
    this.all = db.prepare('SELECT network, height FROM sandbox_chains');
  }

  height(network: string): number {
    return (this.heightOf.get(network) as number | undefined) ?? 0;
  }

  setHeight(network: string, height: number): void {
    this.putHeight.run(network, height);
  }

  heights(): Map<string, number> {
    return new Map((this.all.all() as { network: string; height: number }[]).map((r) => [r.network, r.height]));
  }
}
