/**
 * The navigation's items on one row at any width and in any language: what does not fit goes under a More
 * button (a disclosure: its list opens below it; Escape, a pick, or a tap elsewhere closes it). Each set of
 * labels is measured once with every item shown, before the browser paints; a resize only recomputes.
 * Every item keeps its full words, on the row and in the list, for the eye and for screen readers.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { Screen } from '../state/cashier.js';
import { itemsThatFit } from './nav-fit.js';
import { t } from './text.js';

export interface NavEntry {
  target: Screen;
  label: string;
  /** Open orders: a pill with the number, words for screen readers. */
  badge?: number;
}

interface ItemProps {
  entry: NavEntry;
  current: boolean;
  disabled: boolean;
  title?: string;
  onPick: (target: Screen) => void;
}

function Item({ entry, current, disabled, title, onPick }: ItemProps) {
  const badge = entry.badge ?? 0;
  return (
    <li>
      <button
        type="button"
        aria-current={current ? 'page' : undefined}
        disabled={disabled}
        title={title}
        onClick={() => onPick(entry.target)}
      >
        {entry.label}
        {badge > 0 ? (
          <>
            {/* A number in a pill keeps the row on one line; the words are there for screen readers. */}
            <span className="nav-badge" aria-hidden="true">
              {badge}
            </span>
            <span className="visually-hidden"> {t('openOrders', { n: badge })}</span>
          </>
        ) : null}
      </button>
    </li>
  );
}

/** Counts the items that fit the list's row, from their widths measured with all of them shown. */
function measure(list: HTMLUListElement): { widths: number[]; more: number; gap: number } {
  const cells = [...list.children] as HTMLElement[];
  const moreCell = cells.find((c) => c.classList.contains('nav-more'));
  return {
    widths: cells.filter((c) => c !== moreCell).map((c) => c.getBoundingClientRect().width),
    more: moreCell?.getBoundingClientRect().width ?? 0,
    gap: parseFloat(getComputedStyle(list).columnGap) || 0,
  };
}

function roomOf(list: HTMLUListElement): number {
  const style = getComputedStyle(list);
  return list.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
}

/** The number of entries on the row (null while measuring a new set of labels) and the list's ref. */
function useFit(key: string) {
  const list = useRef<HTMLUListElement>(null);
  const measured = useRef<{ key: string; widths: number[]; more: number; gap: number } | null>(null);
  const [fit, setFit] = useState<{ key: string; count: number } | null>(null);
  const measuring = fit?.key !== key;
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || !measuring) return;
    measured.current = { key, ...measure(el) };
    const m = measured.current;
    setFit({ key, count: itemsThatFit({ items: m.widths, more: m.more, gap: m.gap, room: roomOf(el) }) });
  }, [key, measuring]);
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const m = measured.current;
      if (!m || m.key !== key) return;
      const count = itemsThatFit({ items: m.widths, more: m.more, gap: m.gap, room: roomOf(el) });
      setFit((old) => (old && old.key === key && old.count === count ? old : { key, count }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [key]);
  return { list, count: measuring ? null : fit.count };
}

interface MoreProps {
  holdsCurrent: boolean;
  children: (close: () => void) => ReactNode;
}

/** The More button and its list: a disclosure, closed by Escape (focus back on More), a pick or a tap elsewhere. */
function More({ holdsCurrent, children }: MoreProps) {
  const [open, setOpen] = useState(false);
  const cell = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!cell.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const close = () => setOpen(false);
  return (
    <li
      className={holdsCurrent ? 'nav-more holds-current' : 'nav-more'}
      ref={cell}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(e) => {
        if (open && !cell.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        ref={button}
        aria-expanded={open}
        aria-controls="nav-more-list"
        onClick={() => setOpen((o) => !o)}
      >
        {t('navMore')}
        <span aria-hidden="true"> ▾</span>
        {holdsCurrent ? <span className="visually-hidden"> {t('navMoreHolds')}</span> : null}
      </button>
      <ul id="nav-more-list" className="nav-more-list" hidden={!open}>
        {children(close)}
      </ul>
    </li>
  );
}

export interface NavItemsProps {
  entries: readonly NavEntry[];
  current: Screen;
  /** Only Setup may be opened before Setup is done. */
  configured: boolean;
  onPick: (target: Screen) => void;
}

export function NavItems({ entries, current, configured, onPick }: NavItemsProps) {
  const key = entries.map((e) => `${e.target}:${e.label}:${e.badge ?? 0}`).join('|');
  const { list, count } = useFit(key);
  const shown = count === null ? entries : entries.slice(0, count);
  const rest = count === null ? entries : entries.slice(count);
  const item = (entry: NavEntry, picked: (target: Screen) => void = onPick) => {
    const off = !configured && entry.target !== 'setup';
    return (
      <Item
        key={entry.target}
        entry={entry}
        current={current === entry.target}
        disabled={off}
        title={off ? t('chargeMenuDisabled') : undefined}
        onPick={picked}
      />
    );
  };
  return (
    <ul ref={list} className="nav-row">
      {shown.map((entry) => item(entry))}
      {rest.length > 0 ? (
        <More holdsCurrent={rest.some((e) => e.target === current)}>
          {(close) => rest.map((entry) => item(entry, (target) => (close(), onPick(target))))}
        </More>
      ) : null}
    </ul>
  );
}
