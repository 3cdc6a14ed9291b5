/**
 * A PosApi answering what the Setup screen asks, for renderer tests of Setup: the settings given, no
 * assets, the owner signed in when an owner PIN is set; `settings.save` is recorded (after `onSave`,
 * which may refuse by throwing, or answer other settings).
 */
import type { PosApi, TillSettings } from '../../shared/posapi.js';

/** A till set up with the demo shop on the embedded gateway, in English. */
export const CONFIGURED: TillSettings = {
  configured: true,
  shopName: 'Corner Café',
  payee: { networkId: '7000101', payeeId: 'p', fullName: 'Corner Café' },
  quoteAssetId: 'usd',
  settlementAssetId: '',
  gateway: { kind: 'embedded' },
  locale: 'en-US',
  timeZone: 'UTC',
  publicCallbackUrl: '',
  ownerPinSet: true,
  idleLockMinutes: 5,
  timeToPayMinutes: 15,
};

export function fakeSetupApi(
  settings: TillSettings,
  onSave: (args: Record<string, unknown>) => TillSettings = () => settings,
): { api: PosApi; saved: Record<string, unknown>[] } {
  const saved: Record<string, unknown>[] = [];
  const api: PosApi = {
    call: (async (command: string, args: Record<string, unknown>) => {
      switch (command) {
        case 'app.info':
          return { name: 'Paydesk', version: '1', mode: 'sandbox', gatewayUrl: '', dataDir: '/d', shell: 'host' };
        case 'settings.get':
          return settings;
        case 'assets.quote':
        case 'assets.settlement':
          return [];
        case 'staff.session':
          return settings.ownerPinSet
            ? { accountId: 'owner', name: 'Owner', role: 'owner', permissions: ['sell', 'setup'], idleLockMs: 300_000 }
            : null;
        case 'settings.save': {
          const answer = onSave(args);
          saved.push(args);
          return answer;
        }
        default:
          throw new Error(`unexpected ${command}`);
      }
    }) as PosApi['call'],
    subscribe: () => () => {},
  };
  return { api, saved };
}
