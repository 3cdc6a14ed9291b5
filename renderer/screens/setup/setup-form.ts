/** The Setup form as one value: what the owner types, the patch it becomes, when it may be saved, the line under it. */
import type { SettingsPatch, TillSettings } from '../../../shared/posapi.js';
import { languageFromLocale, type Language } from '../../../shared/i18n/languages.js';
import type { TextKey } from '../../app/text.js';

const PIN = /^\d{4,8}$/;

export interface SetupForm {
  networkId: string;
  shopName: string;
  quoteAssetId: string;
  settlementAssetId: string;
  gatewayKind: 'embedded' | 'hosted';
  gatewayUrl: string;
  /** A new merchant key for a hosted gateway; '' keeps the one stored (never shown). */
  gatewayKey: string;
  /** A shop server's till key for this till ('' keeps the one stored). */
  gatewayTillKey: string;
  /** A new owner PIN; '' keeps the current one. */
  ownerPin: string;
  /** The current owner PIN, which every save after first run needs. */
  currentPin: string;
  /** The payee id the last lookup found ('' before one): the lists are asked for it before the first save. */
  lookedUpPayeeId: string;
  /** The name the last lookup offered (replaced by the next lookup unless the owner typed another). */
  lookedUpName: string;
  /** Minutes a payer has to pay, as typed. */
  timeToPay: string;
  /** The till's language (screens, receipts; the payer's default). */
  language: Language;
  /** How amounts and dates are written: a locale, or '' for the same as the language. */
  locale: string;
}

/** Changes some fields of the form. */
export type EditForm = (change: Partial<SetupForm>) => void;

/** The line under the form; `field` marks the input it is about. */
export interface SetupMessage {
  kind: 'ok' | 'error';
  text: string;
  field?: string | undefined;
}

export function initialForm(settings: TillSettings): SetupForm {
  return {
    networkId: settings.payee?.networkId ?? '',
    shopName: settings.shopName,
    quoteAssetId: settings.quoteAssetId,
    settlementAssetId: settings.settlementAssetId,
    gatewayKind: settings.gateway.kind,
    gatewayUrl: settings.gateway.kind === 'hosted' ? settings.gateway.baseUrl : '',
    gatewayKey: '',
    gatewayTillKey: '',
    ownerPin: '',
    currentPin: '',
    lookedUpName: settings.payee?.fullName ?? '',
    lookedUpPayeeId: '',
    timeToPay: String(settings.timeToPayMinutes),
    language: settings.language ?? languageFromLocale(settings.locale),
    locale: settings.localeChosen === true ? settings.locale : '',
  };
}

export function settingsPatch(form: SetupForm): SettingsPatch {
  const patch: SettingsPatch = {
    payeeNetworkId: form.networkId,
    quoteAssetId: form.quoteAssetId,
    settlementAssetId: form.settlementAssetId,
    gateway:
      form.gatewayKind === 'hosted'
        ? {
            kind: 'hosted',
            baseUrl: form.gatewayUrl,
            ...(form.gatewayKey ? { merchantKey: form.gatewayKey } : {}),
            ...(form.gatewayTillKey ? { tillKey: form.gatewayTillKey } : {}),
          }
        : { kind: 'embedded' },
  };
  if (form.shopName.trim()) patch.shopName = form.shopName.trim();
  if (form.ownerPin) patch.ownerPin = form.ownerPin;
  if (/^\d+$/.test(form.timeToPay)) patch.timeToPayMinutes = Number(form.timeToPay);
  patch.language = form.language;
  patch.locale = form.locale;
  return patch;
}

/** Save stays disabled until the payee is named (digits), the time to pay is 1 to 2879 minutes and any PIN typed has 4 to 8 digits (a new one: also the current). */
/** Why Save is off, in words for the line beside it; null when the form may be saved. */
export function saveBlocker(form: SetupForm, settings: TillSettings): TextKey | null {
  if (!/^\d{1,20}$/.test(form.networkId)) return 'saveNeedsNetworkId';
  const minutes = Number(form.timeToPay);
  if (!/^\d{1,4}$/.test(form.timeToPay) || minutes < 1 || minutes > 2879) return 'saveNeedsTimeToPay';
  if (form.ownerPin !== '' && !PIN.test(form.ownerPin)) return 'saveNeedsPin';
  if (settings.ownerPinSet && form.ownerPin !== '' && !PIN.test(form.currentPin)) return 'saveNeedsCurrentPin';
  return null;
}

export function canSave(form: SetupForm, settings: TillSettings): boolean {
  return saveBlocker(form, settings) === null;
}
