/**
 * What every shell that runs the gateway decides first, shared by the app's core (compose.ts) and
 * the shop server (server-core.ts): the mode a database runs in, the gateway's clock (the sandbox's
 * is movable and, on a shared PostgreSQL, shared by every server process), and the names the
 * HTTP server answers to.
 */
import { GatewayModeSchema, type GatewayMode } from '../shared/posapi.js';
import { readMeta, writeMeta } from './gateway/db.js';
import type { Gateway } from './gateway/gateway.js';
import { OffsetClock, systemClock, type Clock } from './platform/clock.js';
import { isSharedDatabase, type Db } from './platform/db.js';
import { hostOfOrigin, loopbackHostsFor, ownHostsFor, type GuardOptions } from './platform/http-guard.js';

export class ModeMismatchError extends Error {}

/** A data directory runs in one mode, fixed when it is first used. */
export function settleMode(db: Db, asked: GatewayMode | undefined): GatewayMode {
  const stored = readMeta(db, 'mode');
  if (stored === undefined) {
    const mode = asked ?? 'sandbox';
    writeMeta(db, 'mode', mode);
    return mode;
  }
  const mode = GatewayModeSchema.parse(stored);
  if (asked !== undefined && asked !== mode) {
    throw new ModeMismatchError(
      `This data directory runs in ${mode} mode; it cannot be started in ${asked} mode. Use another data directory (--data) for ${asked} mode.`,
    );
  }
  return mode;
}

/** The sandbox runs on real time plus an offset the owner moves forward; it survives restarts. */
export function gatewayClock(mode: GatewayMode, db: Db, given: Clock | undefined): Clock {
  if (given) return given;
  if (mode !== 'sandbox') return systemClock;
  const offset = Number(readMeta(db, 'sandbox_clock_offset_ms') ?? '0');
  const persist = (moved: number) => writeMeta(db, 'sandbox_clock_offset_ms', String(moved));
  if (isSharedDatabase(db))
    return new SharedOffsetClock(offset, () => Number(readMeta(db, 'sandbox_clock_offset_ms') ?? '0'), persist);
  return new OffsetClock(offset, systemClock, persist);
}

/**
 * The sandbox clock of server processes sharing one PostgreSQL: moved by any of them, seen by all
 * within half a second (the offset is read again at most twice a second, not on every `now()`).
 */
class SharedOffsetClock extends OffsetClock {
  private readAt = 0;

  constructor(
    offsetMs: number,
    private readonly stored: () => number,
    persist: (offsetMs: number) => void,
  ) {
    super(offsetMs, systemClock, persist);
  }

  override now(): number {
    const real = systemClock.now();
    if (real - this.readAt >= 500) {
      this.readAt = real;
      this.follow(this.stored());
    }
    return real + this.offset;
  }
}

/** The names the server answers to and the origins it trusts, filled in once it listens. */
export class ServerNames {
  own: ReadonlySet<string> = new Set();
  till: ReadonlySet<string> = new Set();
  payer: ReadonlySet<string> = new Set();

  constructor(
    private readonly gateway: () => Gateway,
    private readonly clock: Clock,
  ) {}

  listening(bindHost: string, port: number): void {
    this.own = ownHostsFor(bindHost, port);
    this.till = loopbackHostsFor(port);
  }

  /** The last answer of `ownHosts`, with what it was made from. */
  private hostsMemo: { own: ReadonlySet<string>; payer: ReadonlySet<string>; publicOrigin: string } | undefined;
  private hosts: ReadonlySet<string> = new Set();

  /**
   * Every request asks (the guard runs first): the set is made again only when its parts changed,
   * not per request (a configured publicOrigin cost a URL parse and two new sets each time).
   * `own` and `payer` are replaced, never changed in place, so comparing them by identity suffices.
   */
  private ownHosts(publicOrigin: string): ReadonlySet<string> {
    const memo = this.hostsMemo;
    if (memo && memo.own === this.own && memo.payer === this.payer && memo.publicOrigin === publicOrigin)
      return this.hosts;
    const proxied = hostOfOrigin(publicOrigin);
    const own = this.payer.size ? new Set([...this.own, ...this.payer]) : this.own;
    this.hosts = proxied ? new Set([...own, proxied]) : own;
    this.hostsMemo = { own: this.own, payer: this.payer, publicOrigin };
    return this.hosts;
  }

  guard(): GuardOptions {
    const settings = () => this.gateway().settings.get();
    return {
      tillHosts: () => this.till,
      ownHosts: () => this.ownHosts(settings().publicOrigin),
      corsOrigins: () => settings().corsOrigins,
      publicOrigin: () => settings().publicOrigin,
      now: () => this.clock.now(),
    };
  }
}
