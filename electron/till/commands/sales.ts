/**
 * The catalogue and the sales settings (README, "Catalogue"): the grid's items for every seller,
 * editing and CSV for managers and the owner (`catalogue`), the tax and tip settings for the owner
 * (`setup`). Every change is in the audit log.
 */
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { CatalogueImport, ItemView, SalesSettings } from '../../../shared/posapi-sales.js';
import { catalogueCsv, importCatalogue } from '../catalogue/csv.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';
import { checkMinorUnit } from '../sales/amount-rules.js';
import { currencyOf } from './checkout.js';

/** items.list */
export async function listItems(till: TillParts): Promise<ItemView[]> {
  return till.items.list();
}

/** items.save: creates or edits one item. */
export async function saveItem(till: TillParts, args: Args<'items.save'>, caller: PosCaller): Promise<ItemView> {
  const { itemId, ...fields } = args;
  checkMinorUnit('price', fields.price, (await currencyOf(till, till.settings.stored().quoteAssetId)).places);
  return till.items.transaction(() => {
    const before = itemId === undefined ? null : till.items.require(itemId);
    const saved = till.items.save(fields, itemId);
    till.audit.record(callerActor(caller), before ? 'item.update' : 'item.add', saved.itemId, {
      before: before && { ...before, createdAt: undefined, updatedAt: undefined },
      after: { ...fields },
    });
    return saved;
  });
}

/** items.delete: orders keep their lines (name and price as sold), so deleting an item loses nothing sold. */
export async function deleteItem(
  till: TillParts,
  { itemId }: Args<'items.delete'>,
  caller: PosCaller,
): Promise<{ deleted: true }> {
  till.items.transaction(() => {
    const removed = till.items.remove(itemId);
    till.audit.record(callerActor(caller), 'item.delete', itemId, { name: removed.name, price: removed.price });
  });
  return { deleted: true };
}

/** items.export */
export async function exportItems(
  till: TillParts,
  _args: unknown,
  caller: PosCaller,
): Promise<{ filename: string; csv: string; rows: number }> {
  const items = till.items.list();
  till.audit.record(callerActor(caller), 'item.export', '', { rows: items.length });
  return { filename: 'paydesk-catalogue.csv', csv: catalogueCsv(items), rows: items.length };
}

/** items.import: all or nothing. */
export async function importItems(
  till: TillParts,
  { csv }: Args<'items.import'>,
  caller: PosCaller,
): Promise<CatalogueImport> {
  const { places } = await currencyOf(till, till.settings.stored().quoteAssetId);
  const outcome = importCatalogue(till.items, csv, places);
  if (outcome.problems.length === 0)
    till.audit.record(callerActor(caller), 'item.import', '', { created: outcome.created, updated: outcome.updated });
  return outcome;
}

/** sales.settings: what the cart needs to price (tax mode, rounding, tips) and the receipt prints. */
export async function salesSettings(till: TillParts): Promise<SalesSettings> {
  return till.sales.get();
}

/** sales.saveSettings */
export async function saveSalesSettings(
  till: TillParts,
  changes: Args<'sales.saveSettings'>,
  caller: PosCaller,
): Promise<SalesSettings> {
  const before = till.sales.get();
  const after = till.sales.update(changes);
  till.audit.record(callerActor(caller), 'sales.settings', '', { before, after });
  return after;
}
