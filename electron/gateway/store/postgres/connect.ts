/**
 * Connecting to the shop server's PostgreSQL. The database URL comes from `--database` or
 * PAYDESK_DATABASE_URL and carries a password: it is never printed; `describeTarget` gives the
 * printable form and `redact` scrubs the password from any message (driver errors included).
 * bigint columns come back as JS numbers (every integer the gateway keeps is a safe integer:
 * flags, unix seconds, ms) unless `int8AsText` asks for the exact text, as checksums do.
 */
import pg from 'pg';

export class DatabaseUrlError extends Error {}

/** Parses a postgres:// URL without ever echoing it. */
export function parseDatabaseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseUrlError('the database URL is not a URL (expected postgres://user:password@host:port/database)');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new DatabaseUrlError(`the database URL must start with postgres:// (it starts with ${parsed.protocol}//)`);
  if (!parsed.hostname) throw new DatabaseUrlError('the database URL names no host');
  return parsed;
}

/** The URL as it may be shown: the password replaced with ***. */
export function describeTarget(url: string): string {
  try {
    const parsed = parseDatabaseUrl(url);
    if (parsed.password) parsed.password = '***';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return '(an invalid database URL)';
  }
}

/** The password in every form it may take in a message (as written, decoded), longest first. */
function secretsOf(url: string): string[] {
  const found = new Set<string>();
  const match = /^[a-z]+:\/\/[^:/@]*:([^@/]*)@/i.exec(url);
  if (match?.[1]) {
    found.add(match[1]);
    try {
      found.add(decodeURIComponent(match[1]));
    } catch {
      // not percent-encoded text: the raw form is enough
    }
  }
  try {
    const parsed = new URL(url);
    if (parsed.password) found.add(parsed.password).add(decodeURIComponent(parsed.password));
  } catch {
    // not a URL: nothing more to find
  }
  found.add(url);
  return [...found].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
}

/** Removes the database URL and its password from a message. */
export function redact(message: string, url: string): string {
  let text = message;
  for (const secret of secretsOf(url)) text = text.split(secret).join(secret === url ? describeTarget(url) : '***');
  return text;
}

const INT8 = 20;
function int8AsNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`bigint ${text} is beyond a safe integer`);
  return value;
}

export async function connectPg(
  url: string,
  options: { int8AsText?: boolean; applicationName?: string } = {},
): Promise<pg.Client> {
  parseDatabaseUrl(url);
  const client = new pg.Client({
    connectionString: url,
    application_name: options.applicationName ?? 'paydesk',
    connectionTimeoutMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 && !options.int8AsText
          ? int8AsNumber
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An error event with no listener would crash the process (a server restart, a cut connection).
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    // No `cause`: the driver's error may carry the connection string, and a cause gets printed.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(redact((error as Error).message || String(error), url));
  }
  return client;
}
