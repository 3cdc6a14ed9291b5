/**
 * The headless host's page tokens (electron/bridge/page-tokens.ts): every token it drops is reported with
 * its connection and why (evicted for room, replaced by a reloaded tab's kept token, expired past the idle
 * lock), so the staff session it carried ends; a token still held is never reported.
 */
import { describe, expect, it } from 'vitest';
import { PageTokens, type PageDropReason } from '../../electron/bridge/page-tokens.js';

function tokens(max = 3) {
  let now = 1_000;
  let n = 0;
  const dropped: [string, PageDropReason][] = [];
  const pages = new PageTokens({
    mint: () => `token-${++n}`,
    now: () => now,
    idleMs: () => 60_000,
    max,
    onDrop: (connection, reason) => dropped.push([connection, reason]),
  });
  return { pages, dropped, advance: (ms: number) => (now += ms) };
}

describe('page tokens report what they drop', () => {
  it('evicted: the least recently used token without an open stream makes room', () => {
    const { pages, dropped } = tokens();
    const first = pages.issue();
    const second = pages.issue();
    pages.issue();
    pages.use(first);
    const release = pages.hold(first);
    pages.issue();
    expect(dropped).toEqual([['page:2', 'evicted']]);
    expect(pages.use(second)).toBeUndefined();
    expect(pages.use(first)).toBe('page:1');
    release();
  });

  it('replaced: the fresh token a reloaded tab gives back', () => {
    const { pages, dropped } = tokens();
    pages.issue();
    const fresh = pages.issue();
    pages.drop(fresh);
    pages.drop(fresh);
    expect(dropped).toEqual([['page:2', 'replaced']]);
  });

  it('expired: unused past the idle lock without an open stream; a token with an open stream stays', () => {
    const { pages, dropped, advance } = tokens();
    const open = pages.issue();
    const closed = pages.issue();
    pages.hold(open);
    advance(60_001);
    expect(pages.use(closed)).toBeUndefined();
    expect(dropped).toEqual([['page:2', 'expired']]);
    expect(pages.use(open)).toBe('page:1');
  });
});
