/**
 * Which merchant key the till's gateway client sends, decided per request: the embedded key only to
 * the embedded gateway; a hosted gateway's own key only over HTTPS (or plain http to this computer);
 * otherwise a merchant operation is refused before anything is sent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatewayClient, GatewayRefused } from '../../electron/till/link/gateway-client.js';
import { mayCarryMerchantKey, merchantKeyFor, type GatewaySetting } from '../../electron/till/link/key-policy.js';

const EMBEDDED_KEY = 'embedded-key-never-leaves';
const result = {
  status: 'failed',
  traceId: 't',
  payeeId: 'p',
  quoteAmount: '1',
  quoteSymbol: 'USD',
  quoteAssetId: 'usd',
  paymentAmount: '0',
  paymentSymbol: 'USDT',
  paymentAssetId: 'a',
  payableAmount: '1',
  payableSymbol: 'USDT',
  payableAssetId: 'a',
  txid: '',
  blockExplorerUrl: '',
  date: 0,
  confirmations: -1,
  surplusAmount: '0',
  surplusStatus: 'no',
  failureCode: '40032',
  failureReason: 'cancelled',
  returnTo: '',
  expiredAt: 0,
  settleStatus: '',
  settleAmount: '',
  settleSymbol: '',
  settleAsset: '',
};

/** A client for one gateway setting, with fetch replaced by a recorder. */
function clientFor(target: GatewaySetting) {
  const sent: { url: string; authorization: string | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, authorization: (init.headers as Record<string, string>).authorization });
    return new Response(JSON.stringify({ code: 0, success: true, message: '', data: result, timestampMs: 0 }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  const baseUrl = target.kind === 'hosted' ? target.baseUrl : 'http://127.0.0.1:4000';
  const client = new GatewayClient({
    baseUrl: () => baseUrl,
    hosted: () => false,
    merchantKey: () => merchantKeyFor(target, EMBEDDED_KEY),
  });
  return { client, sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('merchant key policy', () => {
  it('allows a key over https anywhere, and over plain http only to this computer', () => {
    for (const url of [
      'https://gateway.example',
      'https://10.0.0.5:8443/',
      'http://127.0.0.1:4000',
      'http://127.8.9.10',
      'http://[::1]:80',
      'http://localhost:3000',
      'http://[::ffff:127.0.0.1]/',
    ])
      expect(mayCarryMerchantKey(url), url).toBe(true);
    for (const url of [
      'http://gateway.example',
      'http://10.0.0.5',
      'http://192.168.1.2:4000',
      'http://[::2]',
      'http://localhost.evil.example',
      'ftp://gateway.example',
      'not a url',
    ])
      expect(mayCarryMerchantKey(url), url).toBe(false);
  });

  it('sends a hosted https gateway its own key', async () => {
    const { client, sent } = clientFor({
      kind: 'hosted',
      baseUrl: 'https://gateway.example',
      merchantKey: 'hosted-own-key',
    });
    await client.cancel('t');
    expect(sent).toEqual([
      { url: 'https://gateway.example/v1/payments/cancel', authorization: 'Bearer hosted-own-key' },
    ]);
  });

  it('sends the embedded key to the embedded gateway only', async () => {
    const { client, sent } = clientFor({ kind: 'embedded' });
    await client.cancel('t');
    expect(sent.map((s) => s.authorization)).toEqual([`Bearer ${EMBEDDED_KEY}`]);
  });

  it('refuses a merchant operation before sending when the hosted gateway has no key, or only plain http to another host', async () => {
    for (const target of [
      { kind: 'hosted', baseUrl: 'https://gateway.example' },
      { kind: 'hosted', baseUrl: 'http://gateway.example', merchantKey: 'hosted-own-key' },
    ] as const) {
      const { client, sent } = clientFor(target);
      await expect(client.cancel('t')).rejects.toBeInstanceOf(GatewayRefused);
      await expect(client.callbacks('t')).rejects.toThrow(/merchant key/i);
      expect(sent).toEqual([]);
      // Public endpoints still work without any key.
      await client.result('t');
      expect(sent.map((s) => s.authorization)).toEqual([undefined]);
    }
  });
});
