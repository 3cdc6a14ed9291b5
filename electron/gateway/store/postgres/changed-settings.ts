/**
 * What an owner set on a server that the copy would replace (README, "Moving to a shop server"): the
 * settings an owner edits, kept in `meta` (gateway settings, price sources, the EVM rail, the mode),
 * read on the server's side and compared with a first start's defaults (the ones the gateway itself
 * falls back to: DEFAULT_SETTINGS, EMPTY_CONFIG, no rail) and with the till's own values. A setting
 * that differs from both would be lost without a word, so migrate-db names it. Values are described,
 * never quoted where they may hold a credential (RPC and price URLs): "(set)" stands for those.
 */
import { readMeta } from '../../db.js';
import { EMPTY_CONFIG, PriceSourcesConfigSchema, type PriceSourcesConfig } from '../../prices/config.js';
import { EvmConfigSchema, type EvmConfig } from '../../rails/evm/config.js';
import { DEFAULT_SETTINGS, GatewaySettingsSchema, type GatewaySettings } from '../../settings.js';
import type { Db } from '../../../platform/db.js';

export interface ChangedSetting {
  /** e.g. `settings.callbackAllowlist`, `price_sources.sources`, `evm_rail`. */
  name: string;
  /** The server's value as the owner may see it (no secret). */
  server: string;
}

/**
 * Setting name -> printable value, from the owner-set keys of `meta`. Generated values (merchant key,
 * recipient, address secret), leases, the sandbox clock and the HD index are not settings.
 */
type Values = Record<string, string>;

const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** As the gateway reads them (settings.ts): a stored partial document over the defaults. */
function gatewaySettings(text: string | undefined): Values {
  const parsed = GatewaySettingsSchema.partial().safeParse(parseJson(text));
  const settings: GatewaySettings = { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [`settings.${k}`, json(v)]));
}

/** Sources by id and kind only: a spot source's URL may carry an API key. */
function priceSources(text: string | undefined): Values {
  const parsed = PriceSourcesConfigSchema.safeParse(parseJson(text));
  const config: PriceSourcesConfig = parsed.success ? parsed.data : EMPTY_CONFIG;
  const sources = config.sources.map((s) => `${s.id} (${s.kind})`).join(', ');
  return {
    'price_sources.refreshSeconds': json(config.refreshSeconds),
    'price_sources.maxDisagreementPercent': config.maxDisagreementPercent,
    'price_sources.sources': sources ? `${sources}, details (set)` : '',
  };
}

/** The rail by its chains; the extended public key and the RPC URLs (credentials) only as "(set)". */
function evmRail(text: string | undefined): Values {
  const parsed = EvmConfigSchema.safeParse(parseJson(text));
  if (!parsed.success) return { evm_rail: text ? '(set)' : '' };
  const rail: EvmConfig = parsed.data;
  const chains = rail.chains.map((c) => `${c.network} (chain id ${c.chainId})`).join(', ');
  // The full text decides whether it changed; the description is what is printed.
  return { evm_rail: `${chains}; xpub and RPC URLs (set)`, 'evm_rail.text': text ?? '' };
}

/** The `meta` keys an owner sets. */
export const SETTINGS_KEYS = ['mode', 'settings', 'price_sources', 'evm_rail'] as const;

function describe(meta: (key: string) => string | undefined): Values {
  return {
    mode: meta('mode') ?? '',
    ...gatewaySettings(meta('settings')),
    ...priceSources(meta('price_sources')),
    ...evmRail(meta('evm_rail')),
  };
}

/**
 * What the gateway reads when nothing was set. Every first start writes its mode (from --mode), so a
 * server's mode always differs from this: it is named only when it is unlike the till's.
 */
const FIRST_START = describe(() => undefined);

/**
 * The server's owner-set settings that differ from a first start's and from the till's gateway.db:
 * the copy would replace them. `stored` holds the server's `meta` rows of SETTINGS_KEYS, read by migrate-db
 * inside the copy's transaction, before anything is changed.
 */
export function changedServerSettings(stored: ReadonlyMap<string, string>, sqlite: Db): ChangedSetting[] {
  const server = describe((key) => stored.get(key));
  const till = describe((key) => readMeta(sqlite, key));
  const changed: ChangedSetting[] = [];
  for (const [name, value] of Object.entries(server)) {
    if (name === 'evm_rail.text') continue;
    const compareKey = name === 'evm_rail' ? 'evm_rail.text' : name;
    const differs = (other: Values): boolean => (other[compareKey] ?? '') !== (server[compareKey] ?? '');
    if (differs(FIRST_START) && differs(till)) changed.push({ name, server: value || '(none)' });
  }
  return changed;
}

/** The refusal: each setting with the server's value, that nothing changed, and the two ways on. */
export function settingsRefusal(changed: readonly ChangedSetting[]): string {
  return [
    `the database holds ${changed.length === 1 ? 'a setting' : `${changed.length} settings`} changed on the server, ` +
      "which the copy would replace with the till's; nothing was changed:",
    ...changed.map((c) => `  ${c.name}: ${c.server}`),
    'Migrate into a new database, or run migrate-db again with --replace-settings to replace them.',
  ].join('\n');
}
