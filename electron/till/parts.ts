/**
 * What the till is made of, as its commands see it (commands/): the stores of till.db, the line to
 * the gateway, the order writer and the scheduler of due work. Till (till.ts) builds these parts;
 * compose.ts gives it the TillDeps (docs/architecture.md, "Layout").
 */
import type { BackupStatus, GatewayMode, OrderView, PosHandlers } from '../../shared/posapi.js';
import type { PosEventHub } from '../bridge/events.js';
import type { AuditLog } from './audit/log.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db.js';
import type { IdSource } from '../platform/ids.js';
import type { Logger } from '../platform/logger.js';
import type { Catalog } from './link/catalog.js';
import type { ItemStore } from './catalogue/items.js';
import type { SalesSettingsStore } from './catalogue/sales-settings.js';
import type { SalesBook } from './sales/book.js';
import type { ShiftBook } from './shifts/book.js';
import type { CounterDisplay } from './sales/counter-display.js';
import type { GatewayLink } from './link/link.js';
import type { OrderBook, OrderRow } from './orders/book.js';
import type { OrderWriter } from './orders/writer.js';
import type { OwnerArea } from './owner/area.js';
import type { RefundArea } from './refunds/area.js';
import type { TillSettingsStore } from './settings/store.js';
import type { StaffArea } from './staff/area.js';
import type { PollCadence } from './work/cadence.js';
import type { Scheduler } from './work/scheduler.js';

/** Backups of the whole data directory (electron/backup/service.ts), as compose.ts hands them to the till. */
export interface TillBackups {
  status(): BackupStatus;
  configure(settings: { folder: string; passphrase?: string; everyHours: number; keep: number }): Promise<BackupStatus>;
  backupNow(): Promise<unknown>;
  /** Checks and unpacks a backup that replaces this (new) till at the next start. */
  stageRestore(
    file: string,
    passphrase: string,
  ): Promise<{ createdAt: string; counts: { orders: number; payments: number } }>;
}

export interface TillDeps {
  db: Db;
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  events: PosEventHub;
  /** The embedded gateway's base URL (known once it listens). */
  embeddedUrl: () => string;
  embeddedMode: GatewayMode;
  /** The embedded gateway's merchant key: sent to the embedded gateway only (link/key-policy.ts). */
  merchantKey: string;
  /** The till's own callback receiver URL for the embedded gateway ('' when none). */
  callbackUrl: () => string;
  appInfo: () => { version: string; dataDir: string; shell: 'electron' | 'host' };
  /** Absent where the till runs without a data directory of its own (tests of parts). */
  backups?: TillBackups;
  /** Restarts the core (the shell's way: a new core in the host, a relaunch in Electron); absent where it cannot. */
  requestRestart?: () => void;
  /** The payer's receipt page of an order (README "Receipts the payer keeps"), printed as a QR; absent: none. */
  receiptUrl?: (orderId: string) => string;
  /** Poll cadence (ms) for orders at the till; older ones back off (work/cadence.ts). */
  fastPollMs?: number;
}

export interface TillParts {
  readonly deps: TillDeps;
  readonly settings: TillSettingsStore;
  readonly book: OrderBook;
  readonly writer: OrderWriter;
  readonly link: GatewayLink;
  readonly catalog: Catalog;
  readonly owner: OwnerArea;
  /** Refunds (issue 18). */
  readonly refunds: RefundArea;
  readonly staff: StaffArea;
  readonly audit: AuditLog;
  /** The item catalogue and the sales settings (README, "Catalogue"). */
  readonly items: ItemStore;
  readonly sales: SalesSettingsStore;
  /** Sales with their lines and tenders (README, "Selling with a cart"). */
  readonly saleBook: SalesBook;
  /** The cart and the tip question on the customer display (README, "Customer display"). */
  readonly counter: CounterDisplay;
  /** Shifts, cash moves and Z reports (README, "Shifts and the Z report"). */
  readonly shiftBook: ShiftBook;
  readonly cadence: PollCadence;
  readonly scheduler: Scheduler;
  /** The order as the renderer sees it (instruction deadlines on the till's clock). */
  view(row: OrderRow): OrderView;
  orderOrThrow(orderId: string): OrderRow;
  /** Asks the gateway for the order's result now and answers its view. */
  pollNow(orderId: string): Promise<OrderView | undefined>;
  /** Checks every watched order now (a sandbox block or clock move). */
  pokeOpen(): void;
}

/** The arguments a command gets (validated by the dispatcher with the PosApi schemas). */
export type Args<K extends keyof PosHandlers> = Parameters<PosHandlers[K]>[0];
