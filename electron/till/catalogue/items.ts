/**
 * The item catalogue (README, "Catalogue"): what the cart's grid shows and the barcode scanner finds.
 * This module holds all SQL on `items`. Prices are canonical decimal text in the shop currency; a SKU
 * or barcode belongs to one item at most (unique indexes; a clash is answered as `conflict`).
 */
import type { ItemFields, ItemView } from '../../../shared/posapi-sales.js';
import { parseAmount } from '../../../shared/money.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { IdSource } from '../../platform/ids.js';
import { posError } from '../../../shared/pos-error.js';

interface ItemRow {
  item_id: string;
  name: string;
  price: string;
  category: string;
  tax_rate: string;
  sku: string;
  barcode: string;
  colour: string;
  created_at: number;
  updated_at: number;
}

export function itemView(row: ItemRow): ItemView {
  return {
    itemId: row.item_id,
    name: row.name,
    price: row.price,
    category: row.category,
    taxRate: row.tax_rate,
    sku: row.sku,
    barcode: row.barcode,
    colour: row.colour,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Canonical decimals, so "4.50" and "4.5" are one price. */
function canonicalFields(fields: ItemFields): ItemFields {
  return { ...fields, price: parseAmount(fields.price), taxRate: parseAmount(fields.taxRate) };
}

export class ItemStore {
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdSource,
  ) {
    this.statements = {
      all: db.prepare("SELECT * FROM items ORDER BY category = '', category, name COLLATE NOCASE, item_id"),
      one: db.prepare('SELECT * FROM items WHERE item_id = ?'),
      bySku: db.prepare("SELECT * FROM items WHERE sku = ? AND sku <> ''"),
      byBarcode: db.prepare("SELECT * FROM items WHERE barcode = ? AND barcode <> ''"),
      insert: db.prepare(
        `INSERT INTO items (item_id, name, price, category, tax_rate, sku, barcode, colour, created_at, updated_at)
         VALUES (@item_id, @name, @price, @category, @tax_rate, @sku, @barcode, @colour, @created_at, @updated_at)`,
      ),
      update: db.prepare(
        `UPDATE items SET name = @name, price = @price, category = @category, tax_rate = @tax_rate, sku = @sku,
           barcode = @barcode, colour = @colour, updated_at = @updated_at WHERE item_id = @item_id`,
      ),
      remove: db.prepare('DELETE FROM items WHERE item_id = ?'),
    };
  }

  list(): ItemView[] {
    return (this.statements.all.all() as ItemRow[]).map(itemView);
  }

  get(itemId: string): ItemView | undefined {
    const row = this.statements.one.get(itemId) as ItemRow | undefined;
    return row && itemView(row);
  }

  bySku(sku: string): ItemView | undefined {
    const row = this.statements.bySku.get(sku) as ItemRow | undefined;
    return row && itemView(row);
  }

  byBarcode(barcode: string): ItemView | undefined {
    const row = this.statements.byBarcode.get(barcode) as ItemRow | undefined;
    return row && itemView(row);
  }

  /** The item or a `not_found` answer. */
  require(itemId: string): ItemView {
    const item = this.get(itemId);
    if (!item) throw posError('item_not_found', {}, 'itemId');
    return item;
  }

  /** Creates (no id) or replaces an item's fields; a SKU or barcode of another item is refused. */
  save(fields: ItemFields, itemId?: string): ItemView {
    const clean = canonicalFields(fields);
    const before = itemId === undefined ? undefined : this.require(itemId);
    this.refuseClash(clean, itemId);
    const now = this.clock.now();
    const row: ItemRow = {
      item_id: itemId ?? `it-${this.ids.token(10).toLowerCase().slice(-20)}`,
      name: clean.name,
      price: clean.price,
      category: clean.category,
      tax_rate: clean.taxRate,
      sku: clean.sku,
      barcode: clean.barcode,
      colour: clean.colour.toLowerCase(),
      created_at: before?.createdAt ?? now,
      updated_at: now,
    };
    if (before) this.statements.update.run(row);
    else this.statements.insert.run(row);
    return itemView(row);
  }

  remove(itemId: string): ItemView {
    const item = this.require(itemId);
    this.statements.remove.run(itemId);
    return item;
  }

  /** Runs `work` in one transaction (an import is all or nothing). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  private refuseClash(fields: ItemFields, itemId: string | undefined): void {
    const skuOwner = fields.sku ? this.bySku(fields.sku) : undefined;
    if (skuOwner && skuOwner.itemId !== itemId)
      throw posError('sku_taken', { sku: fields.sku, name: skuOwner.name }, 'sku');
    const barcodeOwner = fields.barcode ? this.byBarcode(fields.barcode) : undefined;
    if (barcodeOwner && barcodeOwner.itemId !== itemId)
      throw posError('barcode_taken', { barcode: fields.barcode, name: barcodeOwner.name }, 'barcode');
  }
}
