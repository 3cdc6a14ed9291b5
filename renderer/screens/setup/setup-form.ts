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

/** The fields Setup checks before a save, in the order they are on screen (the first one takes the focus). */
export const CHECKED_FIELDS = ['networkId', 'timeToPay', 'ownerPin', 'gatewayUrl', 'currentPin'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

/** The input of each checked field (its message beside it is `<id>-problem`). */
export const FIELD_INPUT_ID: Record<CheckedField, string> = {
  networkId: 'payee-network-id',
  timeToPay: 'time-to-pay',
  ownerPin: 'owner-pin-new',
  gatewayUrl: 'gateway-url',
  currentPin: 'owner-pin-current',
};

export type FormProblems = Partial<Record<CheckedField, TextKey>>;

/**
 * Every field that keeps the form from being saved, with the words for each: the payee is named (digits),
 * the time to pay is 1 to 2879 minutes, any PIN typed has 4 to 8 digits (a new one: also the current),
 * a hosted gateway has an http(s) URL.
 */
export function formProblems(form: SetupForm, settings: TillSettings): FormProblems {
  const problems: FormProblems = {};
  if (!/^\d{1,20}$/.test(form.networkId)) problems.networkId = 'saveNeedsNetworkId';
  const minutes = Number(form.timeToPay);
  if (!/^\d{1,4}$/.test(form.timeToPay) || minutes < 1 || minutes > 2879) problems.timeToPay = 'saveNeedsTimeToPay';
  if (form.ownerPin !== '' && !PIN.test(form.ownerPin)) problems.ownerPin = 'saveNeedsPin';
  if (form.gatewayKind === 'hosted' && !/^https?:\/\/\S+$/i.test(form.gatewayUrl.trim()))
    problems.gatewayUrl = 'saveNeedsGatewayUrl';
  if (settings.ownerPinSet && form.ownerPin !== '' && !PIN.test(form.currentPin))
    problems.currentPin = 'saveNeedsCurrentPin';
  return problems;
}

/** The first field with a problem, in screen order; undefined when the form may be saved. */
export function firstProblem(problems: FormProblems): CheckedField | undefined {
  return CHECKED_FIELDS.find((field) => problems[field] !== undefined);
}

/** Why the form may not be saved (its first problem), in words; null when it may be saved. */
export function saveBlocker(form: SetupForm, settings: TillSettings): TextKey | null {
  const problems = formProblems(form, settings);
  const first = firstProblem(problems);
  return first ? problems[first]! : null;
}

export function canSave(form: SetupForm, settings: TillSettings): boolean {
  return saveBlocker(form, settings) === null;
}
