/**
 * The whole-shop view of the owner's review (README, "Tills and the shop server"): the shop server's
 * report for a day, the whole shop or one till, and its CSV (audited as an export).
 */
import type { ShopClose, ShopReport } from '../../../shared/posapi-shop.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { Args, TillParts } from '../parts.js';
import { shopClose, shopCloseExport } from '../shop/close.js';
import { shopExport, shopReport } from '../shop/shop.js';
import { callerActor } from '../staff/area.js';

/** shop.report */
export async function wholeShop(till: TillParts, args: Args<'shop.report'>): Promise<ShopReport> {
  return shopReport(till, args);
}

/** shop.export */
export async function exportShop(
  till: TillParts,
  args: Args<'shop.export'>,
  caller: PosCaller,
): Promise<{ filename: string; csv: string; rows: number }> {
  const exported = await shopExport(till, args);
  till.audit.record(callerActor(caller), 'export.shop', exported.filename, { ...args, rows: exported.rows });
  return exported;
}

/** shop.close: the close of day of the whole shop or one till. */
export async function closeShopDay(till: TillParts, args: Args<'shop.close'>): Promise<ShopClose> {
  return shopClose(till, args);
}

/** shop.closeExport */
export async function exportShopClose(
  till: TillParts,
  args: Args<'shop.closeExport'>,
  caller: PosCaller,
): Promise<{ filename: string; csv: string; rows: number }> {
  const exported = await shopCloseExport(till, args);
  till.audit.record(callerActor(caller), 'export.shopClose', exported.filename, { ...args, rows: exported.rows });
  return exported;
}
