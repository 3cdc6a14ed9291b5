/**
 * The till's refusals in the shop's language (README "Languages"): over the real HTTP PosApi of a till
 * set to Spanish, a handler's refusal and a zod argument failure carry their `errors` key and values
 * beside the English message, and the translation the renderer runs on them (shared/i18n/error-text.ts,
 * under renderer/api/error-text.ts and PosCallError) gives Spanish; in English the message as sent.
 * The renderer's own wrapper over i18next: test/renderer/error-text.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateError, type KeyedMessage } from '../../shared/i18n/error-text.js';
import es from '../../shared/i18n/locales/es/errors.json' with { type: 'json' };
import type { PosErrorShape } from '../../shared/posapi.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

describe("the till's refusals in the shop's language", () => {
  let host: HostProcess;
  let pos: PosHttp;

  beforeAll(async () => {
    host = await startHost();
    pos = await posOverHttp(host);
    await staffedTill(pos);
    await pos.call('settings.save', { language: 'es' });
  }, 60_000);
  afterAll(async () => {
    await host?.stop();
  });

  const spanish = (shape: KeyedMessage) => translateError(shape, 'es', (key) => (es as Record<string, string>)[key]);

  const refused = async (command: string, args: unknown): Promise<PosErrorShape> => {
    const answer = await pos.send(command, args);
    expect(answer.ok).toBe(false);
    return answer.error as PosErrorShape;
  };

  it('a handler refusal carries its key and values beside the unchanged English message', async () => {
    expect((await pos.call('settings.get')).language).toBe('es');
    const shape = await refused('order.get', { orderId: 'no-such-order' });
    expect(shape).toEqual({
      code: 'not_found',
      message: 'No order no-such-order.',
      field: 'orderId',
      key: 'order_not_found',
      params: { orderId: 'no-such-order' },
    });
    expect(spanish(shape)).toBe('No existe el pedido no-such-order.');
    expect(translateError(shape, 'en', () => 'ignored')).toBe('No order no-such-order.');
  });

  it("a zod argument failure keeps zod's English and reads in Spanish with the field's Spanish name", async () => {
    const shape = await refused('shift.cashMove', { kind: 'in', amount: 12, reason: 'float' });
    expect(shape).toMatchObject({ code: 'invalid_args', field: 'amount', key: 'field_not_text' });
    expect(shape.message).toMatch(/^amount: /);
    expect(spanish(shape)).toBe('Importe: debe ser texto');
  });

  it('a check of the handler with values (a cash move of nothing) reads in Spanish', async () => {
    const shape = await refused('shift.cashMove', { kind: 'in', amount: '0', reason: 'float' });
    expect(shape).toMatchObject({ message: 'amount: must be more than 0', key: 'must_be_positive' });
    expect(spanish(shape)).toBe('Importe: debe ser mayor que 0');
  });

  it('a refusal without a key (an older main process) shows its message whatever the language', async () => {
    expect(spanish({ message: 'Something old' })).toBe('Something old');
    expect(spanish({ message: 'Unknown key', key: 'no_such_key', params: {} })).toBe('Unknown key');
  });
});
