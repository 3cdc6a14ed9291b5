/**
 * The owner account Setup makes at first run is named in the till's language chosen in that same save
 * ("Inhaber" in de, not "Owner"), on a real till.db through the dispatcher both transports use.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { silentLogger } from '../../electron/platform/logger.js';
import type { Language } from '../../shared/i18n/languages.js';
import { startGateway, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(gw!.core.pos, command, args, silentLogger, 'window:1');
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}

const EXPECTED: Record<Language, string> = {
  en: 'Owner',
  es: 'Propietario',
  'pt-BR': 'Proprietário',
  fr: 'Propriétaire',
  de: 'Inhaber',
  'zh-CN': '店主',
  ja: 'オーナー',
  tr: 'İşletme sahibi',
};

describe("the first owner's name follows the till's language", () => {
  for (const [language, name] of Object.entries(EXPECTED)) {
    it(`${language}: ${name}`, async () => {
      gw = await startGateway();
      await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468', language });
      expect((await call('staff.session')).name).toBe(name);
      expect((await call('staff.list')).map((a: any) => a.name)).toEqual([name]);
    });
  }
});
