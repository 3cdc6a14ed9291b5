/**
 * The left side of the cart: a barcode field (a scanner types the code and Enter), the categories as
 * tabs, the items as big tiles in their colours, and a keypad tab for a custom amount.
 */
import { useMemo, useState } from 'react';
import type { ItemView } from '../../../shared/posapi-sales.js';
import { decimalSign, formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';
import { Keypad } from '../../components/Keypad.js';
import { useCart } from '../../state/cart.js';

const KEYPAD = '\u0000keypad';

function categoriesOf(items: readonly ItemView[]): string[] {
  const names: string[] = [];
  for (const item of items) if (!names.includes(item.category)) names.push(item.category);
  return names;
}

const SCAN_FIELD = 'cart-scan';

/**
 * A tile must not keep the focus: a scanner's code and Enter right after it would press the tile again
 * (a second croissant instead of the espresso scanned). With a mouse or keys the scan field takes the
 * focus; on touch the tile only lets go of it (focusing a field would open the screen keyboard).
 */
function afterTile(tile: HTMLElement, pointerType: string | undefined): void {
  if (pointerType === 'touch') tile.blur();
  else document.getElementById(SCAN_FIELD)?.focus({ preventScroll: true });
}

/** What a scanner typed, found by barcode first, then SKU. */
function scanned(items: readonly ItemView[], code: string): ItemView | undefined {
  return items.find((i) => i.barcode === code) ?? items.find((i) => i.sku === code);
}

function ScanField({ items }: { items: readonly ItemView[] }) {
  const addItem = useCart((s) => s.addItem);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const submit = () => {
    const found = scanned(items, code.trim());
    if (found) {
      addItem(found);
      setProblem('');
    } else if (code.trim()) setProblem(t('scanUnknown', { code: code.trim() }));
    setCode('');
  };
  return (
    <div className="scan">
      <label>
        {t('scanLabel')}
        <input
          id={SCAN_FIELD}
          value={code}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
        />
      </label>
      <p role="status" className={problem ? 'error' : 'visually-hidden'}>
        {problem}
      </p>
    </div>
  );
}

function CustomAmount({ locale, symbol }: { locale: string; symbol: string }) {
  const addCustom = useCart((s) => s.addCustom);
  const [amount, setAmount] = useState('');
  const press = (key: string) =>
    setAmount((a) => {
      if (key === 'Backspace') return a.slice(0, -1);
      if (key === 'Clear') return '';
      if (key === '.') return a.includes('.') ? a : `${a || '0'}.`;
      return /^\d$/.test(key) && a.length < 12 ? (a === '0' ? key : a + key) : a;
    });
  const value = amount.replace(/\.$/, '');
  const valid = /^\d+(\.\d{1,2})?$/.test(value) && /[1-9]/.test(value);
  return (
    <div className="custom-amount">
      <output className="amount-display" aria-label={t('customAmount')} aria-live="polite">
        {amount ? formatAmount(value, locale) + (amount.endsWith('.') ? decimalSign(locale) : '') : '0'} {symbol}
      </output>
      <Keypad onKey={press} locale={locale} />
      <button
        type="button"
        className="primary"
        disabled={!valid}
        onClick={() => {
          addCustom(value, t('customLine'));
          setAmount('');
        }}
      >
        {t('addAmount')}
      </button>
    </div>
  );
}

export function ItemGrid({
  items,
  locale,
  symbol,
  money,
}: {
  items: readonly ItemView[];
  locale: string;
  symbol: string;
  money: (amount: string) => string;
}) {
  const addItem = useCart((s) => s.addItem);
  const categories = useMemo(() => categoriesOf(items), [items]);
  const [tab, setTab] = useState<string | null>(null);
  const current = tab ?? categories[0] ?? KEYPAD;
  const shown = items.filter((i) => i.category === current);
  const tabButton = (value: string, label: string) => (
    <button
      key={value}
      type="button"
      role="tab"
      aria-selected={current === value}
      className={current === value ? 'tab selected' : 'tab'}
      onClick={() => setTab(value)}
    >
      {label}
    </button>
  );
  return (
    <div className="item-side">
      <ScanField items={items} />
      <div role="tablist" aria-label={t('categories')} className="tabs">
        {categories.map((c) => tabButton(c, c || t('categoryOther')))}
        {tabButton(KEYPAD, t('customAmount'))}
      </div>
      {current === KEYPAD ? (
        <CustomAmount locale={locale} symbol={symbol} />
      ) : (
        <div className="item-grid" role="tabpanel" aria-label={current || t('categoryOther')}>
          {shown.map((item) => (
            <button
              key={item.itemId}
              type="button"
              className="item-tile"
              style={item.colour ? { borderColor: item.colour, boxShadow: `inset 0 6px 0 ${item.colour}` } : undefined}
              onClick={(e) => {
                addItem(item);
                afterTile(e.currentTarget, (e.nativeEvent as PointerEvent).pointerType);
              }}
            >
              <span className="visually-hidden">{t('addWord')} </span>
              <strong>{item.name}</strong>
              <span>{money(item.price)}</span>
            </button>
          ))}
          {shown.length === 0 ? <p className="hint">{t('noItems')}</p> : null}
        </div>
      )}
    </div>
  );
}
