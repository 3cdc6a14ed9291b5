/**
 * What a scrolling region hides, said: a strip laid over the region's bottom edge ("3 more lines below",
 * "2 more lines above") with how many of its items are out of sight, kept up to date as it scrolls or
 * resizes. An item is out of sight unless it is wholly inside the region and above the strip.
 */
import { useLayoutEffect, useState } from 'react';
import './more-cue.css';

export interface OutOfSight {
  above: number;
  below: number;
}

const NONE: OutOfSight = { above: 0, below: 0 };

function measure(region: HTMLElement, items: string): OutOfSight {
  const box = region.getBoundingClientRect();
  const cue = region.querySelector(':scope > .more-cue');
  const bottom = cue ? Math.min(box.bottom, cue.getBoundingClientRect().top) : box.bottom;
  let above = 0;
  let below = 0;
  for (const item of region.querySelectorAll(items)) {
    const r = item.getBoundingClientRect();
    if (r.bottom > bottom + 1) below++;
    else if (r.top < box.top - 1) above++;
  }
  return above === 0 && below === 0 ? NONE : { above, below };
}

/**
 * How many of `items` (a selector inside the region) are out of sight, measured after every render too.
 * Give the returned `ref` to the scrolling region.
 */
export function useOutOfSight(items: string): {
  ref: (element: HTMLElement | null) => void;
  region: HTMLElement | null;
  seen: OutOfSight;
} {
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState<OutOfSight>(NONE);
  const update = () => {
    const next = region ? measure(region, items) : NONE;
    setSeen((now) => (now.above === next.above && now.below === next.below ? now : next));
  };
  // After each render: lines added or removed, the list arriving, the cue itself shown or gone.
  useLayoutEffect(update);
  useLayoutEffect(() => {
    if (!region) return;
    const onChange = () => {
      const next = measure(region, items);
      setSeen((now) => (now.above === next.above && now.below === next.below ? now : next));
    };
    region.addEventListener('scroll', onChange, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onChange);
    observer?.observe(region);
    return () => {
      region.removeEventListener('scroll', onChange);
      observer?.disconnect();
    };
  }, [region, items]);
  return { ref: setRegion, region, seen };
}

/** The strip, inside the scrolling region as its last child; nothing when all is in sight. */
export function MoreCue({ id, parts }: { id?: string; parts: string[] }) {
  const said = parts.filter((part) => part !== '');
  if (said.length === 0) return null;
  return (
    <p className="more-cue" id={id}>
      {said.join(' · ')}
    </p>
  );
}
