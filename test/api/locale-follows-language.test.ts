/**
 * The till's number/date locale follows its language unless the shop chose one (a Spanish till showed
 * "1,234.50 EUR" with locale en-US): es -> es-ES, de -> de-DE...; a chosen locale stays; '' goes back to
 * "the same as the language".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/i18n/format.js';
import { startGateway, type TestGateway } from '../helpers/gateway.js';
import { tillCommands, type TillCall } from '../helpers/till-commands.js';

let gw: TestGateway;
let call: TillCall;

beforeAll(async () => {
  gw = await startGateway();
  call = tillCommands(gw);
  await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
});
afterAll(() => gw.close());

describe('the locale follows the language', () => {
  it('a new till in English writes en-US; choosing Español makes it es-ES, and amounts read Spanish', async () => {
    expect(await call('settings.get')).toMatchObject({ locale: 'en-US', localeChosen: false });
    const saved = await call('settings.save', { language: 'es' });
    expect(saved).toMatchObject({ language: 'es', locale: 'es-ES', localeChosen: false });
    expect(formatMoney('1234.5', 'EUR', saved.locale)).toBe('1234,50 EUR');
    expect((await call('settings.save', { language: 'pt-BR' })).locale).toBe('pt-BR');
    expect((await call('settings.save', { language: 'de' })).locale).toBe('de-DE');
  });

  it('a locale the shop chose stays whatever the language; "" goes back to the language', async () => {
    expect(await call('settings.save', { locale: 'de-CH', language: 'fr' })).toMatchObject({
      locale: 'de-CH',
      localeChosen: true,
    });
    expect((await call('settings.save', { language: 'tr' })).locale).toBe('de-CH');
    expect(await call('settings.save', { locale: '' })).toMatchObject({ locale: 'tr-TR', localeChosen: false });
  });
});
