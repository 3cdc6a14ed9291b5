/**
 * What a scrolling region of the till hides, as the browser lays it out (for the e2e tests of the cues,
 * renderer/components/MoreCue.tsx): its items not wholly in sight, and the numbers its strip says.
 */
import type { Page } from 'playwright-core';

/** Items of `region` not wholly in sight: above its top, or below its bottom (or the cue laid over it). */
export async function outOfSight(page: Page, region: string, item: string): Promise<{ above: number; below: number }> {
  return page.evaluate(
    ([regionSelector, itemSelector]) => {
      const document = (globalThis as any).document;
      const box = document.querySelector(regionSelector).getBoundingClientRect();
      const cue = document.querySelector(`${regionSelector} .more-cue`);
      const bottom = cue ? Math.min(box.bottom, cue.getBoundingClientRect().top) : box.bottom;
      let above = 0;
      let below = 0;
      for (const element of document.querySelectorAll(`${regionSelector} ${itemSelector}`)) {
        const r = element.getBoundingClientRect();
        if (r.bottom > bottom + 1) below++;
        else if (r.top < box.top - 1) above++;
      }
      return { above, below };
    },
    [region, item] as const,
  );
}

/** The numbers the cue says, in its order (above first): "2 more lines above · 1 more line below". */
export async function cueNumbers(page: Page, region: string): Promise<number[]> {
  const cue = page.locator(`${region} .more-cue`);
  if ((await cue.count()) === 0) return [];
  return ((await cue.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
}

/** Whether `locator` is wholly within the page's viewport (not below or above the screen). */
export async function onScreen(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height;
}
