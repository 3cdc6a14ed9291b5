/** One catalogue item's fields, to add a new item or edit one (managers and the owner). */
import { useState } from 'react';
import type { ItemFields, ItemView } from '../../../shared/posapi-sales.js';
import { t } from '../../app/text.js';
import { decimalTyped } from '../../app/format.js';

const EMPTY: ItemFields = { name: '', price: '', category: '', taxRate: '0', sku: '', barcode: '', colour: '' };

export function ItemForm({
  item,
  onSave,
  onCancel,
}: {
  item: ItemView | null;
  onSave: (fields: ItemFields) => void;
  onCancel?: () => void;
}) {
  const [fields, setFields] = useState<ItemFields>(item ? { ...EMPTY, ...item } : EMPTY);
  const field = (key: keyof ItemFields, label: string, extra: Record<string, string> = {}) => (
    <label>
      {label}
      <input value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} {...extra} />
    </label>
  );
  return (
    <form
      className="item-form shift-form"
      aria-label={item ? t('editItem', { name: item.name }) : t('newItem')}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({
          name: fields.name,
          price: decimalTyped(fields.price),
          category: fields.category,
          taxRate: decimalTyped(fields.taxRate) || '0',
          sku: fields.sku,
          barcode: fields.barcode,
          colour: fields.colour,
        });
        if (!item) setFields(EMPTY);
      }}
    >
      {field('name', t('itemName'), { maxLength: '60' })}
      {field('price', t('itemPrice'), { inputMode: 'decimal', size: '8' })}
      {field('category', t('itemCategory'), { maxLength: '40' })}
      {field('taxRate', t('itemTaxRate'), { inputMode: 'decimal', size: '5' })}
      {field('sku', t('itemSku'), { maxLength: '40', size: '10' })}
      {field('barcode', t('itemBarcode'), { maxLength: '40', size: '14' })}
      {field('colour', t('itemColour'), { placeholder: '#3366cc', size: '8' })}
      <button type="submit" className="primary" disabled={!fields.name.trim() || !fields.price.trim()}>
        {item ? t('saveItem') : t('addItemButton')}
      </button>
      {onCancel ? (
        <button type="button" onClick={onCancel}>
          {t('cancelEdit')}
        </button>
      ) : null}
    </form>
  );
}
