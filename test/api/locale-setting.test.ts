/**
 * The till's number and date locale as Setup saves it, checked in the main process: a locale the runtime
 * has data for is kept; a well-formed tag it knows nothing of (zz-ZZ), or no tag at all, is refused on the
 * `locale` field in the till's language, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { startGateway, type TestGateway } from '../helpers/gateway.js';
import { tillCommands, type TillCall } from '../helpers/till-commands.js';

let gw: TestGateway;
let call: TillCall;

async function send(command: string, args: unknown = {}) {
  return dispatchPosCommand(gw.core.pos, command, args, silentLogger);
}

beforeAll(async () => {
  gw = await startGateway();
  call = tillCommands(gw);
  await call('settings.save', { payeeNetworkId: '7000101' }); // no owner PIN: Setup stays open
});
afterAll(() => gw.close());

describe('the locale Setup saves', () => {
  it('keeps one of the offered locales, and one the runtime knows outside the list', async () => {
    expect(await call('settings.save', { locale: 'de-CH' })).toMatchObject({ locale: 'de-CH', localeChosen: true });
    expect(await call('settings.save', { locale: 'sv-FI' })).toMatchObject({ locale: 'sv-FI', localeChosen: true });
  });

  for (const locale of ['zz-ZZ', 'not a locale', 'en_US!']) {
    it(`refuses "${locale}" on the locale field and writes nothing`, async () => {
      const outcome = await send('settings.save', { locale, shopName: 'Changed' });
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error).toMatchObject({ code: 'invalid_args', field: 'locale', key: 'locale_unknown' });
      expect(await call('settings.get')).toMatchObject({ locale: 'sv-FI', shopName: 'Corner Café (demo shop)' });
    });
  }

  it('"" goes back to the same as the language', async () => {
    expect(await call('settings.save', { locale: '', language: 'fr' })).toMatchObject({
      locale: 'fr-FR',
      localeChosen: false,
    });
  });
});
