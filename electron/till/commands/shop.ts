/**
 * The whole-shop view of the owner's review (README, "Tills and the shop server"): the shop server's
 * report for a day, the whole shop or one till, and its CSV (audited as an export).
 */
import type { ShopReport } from '../../../shared/posapi-shop.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { Args, TillParts } from '../parts.js';
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
