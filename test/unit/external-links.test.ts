/** The system browser opens only explorer links the main process handed to its window. */
import { describe, expect, it } from 'vitest';
import { IssuedLinks } from '../../electron/bridge/external-links.js';

describe('IssuedLinks', () => {
  it('allows exactly the https explorer URLs found in PosApi results, at any depth', () => {
    const links = new IssuedLinks();
    links.noteFrom({
      order: { transactions: [{ txid: 'ab', explorerUrl: 'https://etherscan.io/tx/0xab' }] },
      note: 'https://evil.example/',
    });
    expect(links.allows('https://etherscan.io/tx/0xab')).toBe(true);
    expect(links.allows('https://etherscan.io/tx/0xcd')).toBe(false);
    expect(links.allows('https://evil.example/')).toBe(false); // a URL in any other field is not a link the app made
  });

  it('ignores explorer fields that are not plain https URLs', () => {
    const links = new IssuedLinks();
    const bad = [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://mempool.space/tx/1',
      'https://user:pw@host.example/tx',
      'not a url',
    ];
    links.noteFrom(bad.map((explorerUrl) => ({ explorerUrl })));
    for (const url of bad) expect(links.allows(url)).toBe(false);
  });

  it('stays bounded', () => {
    const links = new IssuedLinks(3);
    links.noteFrom([1, 2, 3, 4].map((n) => ({ explorerUrl: `https://mempool.space/tx/${n}` })));
    expect(links.allows('https://mempool.space/tx/4')).toBe(true);
    expect(links.allows('https://mempool.space/tx/1')).toBe(false);
  });
});
