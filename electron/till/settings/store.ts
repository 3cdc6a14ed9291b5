/**
 * The till's settings, kept as one JSON document in till.db and validated on the way in and out.
 * This module holds all SQL on the `settings` table.
 */
import { z } from 'zod';
import { type GatewayView, type TillSettings } from '../../../shared/posapi.js';
import { LANGUAGE_CODES, languageFromLocale, localeOf, type Language } from '../../../shared/i18n/languages.js';
import type { Db } from '../../platform/db.js';
import type { GatewaySetting } from '../link/key-policy.js';
import { posError } from '../../../shared/pos-error.js';

// Lenient on purpose (no URL checks here): a stored value that fails to parse resets every setting.
const StoredGatewaySchema: z.ZodType<GatewaySetting> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('embedded') }),
  z.object({
    kind: z.literal('hosted'),
    baseUrl: z.string(),
    merchantKey: z.string().optional(),
    tillKey: z.string().optional(),
  }),
]);

const StoredSchema = z.object({
  shopName: z.string(),
  payee: z.object({ networkId: z.string(), payeeId: z.string(), fullName: z.string() }).nullable(),
  quoteAssetId: z.string(),
  settlementAssetId: z.string(),
  gateway: StoredGatewaySchema,
  locale: z.string(),
  /** True when the shop chose `locale` itself; false: amounts and dates follow the language. Absent (tills from
   *  before): chosen when it is not the first-run default. */
  localeChosen: z.boolean().optional(),
  timeZone: z.string(),
  /** The till's language; '' until Setup chooses one (then it follows `locale`). */
  language: z.union([z.literal(''), z.enum(LANGUAGE_CODES)]),
  publicCallbackUrl: z.string(),
  /** The single owner PIN of tills from before staff accounts: migration 6 made it the owner account's. */
  ownerPinHash: z.string(),
  /** The till locks after this many minutes without use (README, "Staff and roles"). */
  idleLockMinutes: z.number().int().min(1).max(240),
  /** Minutes a payer has from Charge to pay; sent to the gateway as the payment's deadline. */
  timeToPayMinutes: z.number().int().min(1).max(2879),
  /** The callback receiver's port, kept so payments made before a restart still reach it. */
  receiverPort: z.number().int().min(0).max(65535),
});
export type Stored = z.infer<typeof StoredSchema>;

export const DEFAULT_SETTINGS: Stored = {
  shopName: '',
  payee: null,
  quoteAssetId: 'usd',
  settlementAssetId: '',
  gateway: { kind: 'embedded' },
  locale: 'en-US',
  timeZone: 'UTC',
  language: '',
  publicCallbackUrl: '',
  ownerPinHash: '',
  idleLockMinutes: 5,
  timeToPayMinutes: 15,
  receiverPort: 0,
};

export class TillSettingsStore {
  private readonly read;
  private readonly write;

  constructor(db: Db) {
    this.read = db.prepare("SELECT value FROM settings WHERE key = 'till'").pluck();
    this.write = db.prepare(
      "INSERT INTO settings (key, value) VALUES ('till', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    );
  }

  stored(): Stored {
    const raw = this.read.get() as string | undefined;
    if (!raw) return { ...DEFAULT_SETTINGS };
    const parsed = StoredSchema.safeParse({ ...DEFAULT_SETTINGS, ...(JSON.parse(raw) as object) });
    return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
  }

  update(changes: Partial<Stored>): Stored {
    const next = StoredSchema.parse({ ...this.stored(), ...changes });
    this.write.run(JSON.stringify(next));
    return next;
  }

  /** `ownerSet`: whether the owner account exists (staff/accounts.ts knows). */
  view(ownerSet: boolean): TillSettings {
    const s = this.stored();
    return {
      configured: s.payee !== null,
      shopName: s.shopName,
      payee: s.payee,
      quoteAssetId: s.quoteAssetId,
      settlementAssetId: s.settlementAssetId,
      gateway: gatewayView(s.gateway),
      locale: shopLocale(s),
      localeChosen: localeChosen(s),
      timeZone: s.timeZone,
      publicCallbackUrl: s.publicCallbackUrl,
      ownerPinSet: ownerSet,
      idleLockMinutes: s.idleLockMinutes,
      timeToPayMinutes: s.timeToPayMinutes,
      language: shopLanguage(s),
    };
  }
}

/** The renderer learns whether a hosted gateway has a key, never the key itself. */
function gatewayView(gateway: GatewaySetting): GatewayView {
  return gateway.kind === 'embedded'
    ? { kind: 'embedded' }
    : {
        kind: 'hosted',
        baseUrl: gateway.baseUrl,
        merchantKeySet: Boolean(gateway.merchantKey),
        // Only when set: the view of a gateway without a till key stays as it was.
        ...(gateway.tillKey ? { tillKeySet: true } : {}),
      };
}

/** The shop's payee; commands that need one are refused until Setup has looked it up. */
export function requirePayee(settings: TillSettingsStore): NonNullable<Stored['payee']> {
  const payee = settings.stored().payee;
  if (!payee) throw posError('shop_not_set_up');
  return payee;
}

/** The shop's language: chosen in Setup, else the one its amount/date locale suggests. */
export function shopLanguage(s: Pick<Stored, 'language' | 'locale'>): Language {
  return s.language || languageFromLocale(s.locale);
}

/** Whether the shop chose its amount/date locale (Setup), rather than "the same as the language". */
export function localeChosen(s: Pick<Stored, 'localeChosen' | 'locale'>): boolean {
  return s.localeChosen ?? s.locale !== DEFAULT_SETTINGS.locale;
}

/** The locale amounts and dates are written in: the one the shop chose, else its language's ("es" -> "es-ES"). */
export function shopLocale(s: Pick<Stored, 'language' | 'locale' | 'localeChosen'>): string {
  return localeChosen(s) || !s.language ? s.locale : localeOf(s.language);
}
