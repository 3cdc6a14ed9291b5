/**
 * `npm run -s server -- --port N --host ADDR --database URL [--mode live]`: the shop server, the
 * gateway alone over PostgreSQL (server-core.ts). Its first stdout line is `ready <url>`; logs go
 * to stderr. `--print-merchant-key` prints the database's merchant key (made if missing) and exits:
 * the owner gives it to the tills (README "Shop server on PostgreSQL"). `--tls-cert/--tls-key` serve
 * HTTPS (`ready https://...`), which tills on other machines need. SIGINT/SIGTERM close it.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { GatewayModeSchema } from '../shared/posapi.js';
import { redact } from './gateway/store/postgres/connect.js';
import { openGatewayPg } from './gateway/store/postgres/open.js';
import { randomIds } from './platform/ids.js';
import { createLogger } from './platform/logger.js';
import { sharedMerchantKey, startGatewayServer } from './server-core.js';
import { readServerTls } from './server-tls.js';

const USAGE = `Usage: npm run -s server -- --database postgres://... [--port <n>] [--host <address>] [--mode sandbox|live]
       npm run -s server -- --database postgres://... --print-merchant-key
  --database  the PostgreSQL database (default: PAYDESK_DATABASE_URL); its password is never printed
  --port      port to serve on; 0 takes a free one (default 0)
  --host      address to bind (default 127.0.0.1; a shop server for tills on the LAN binds their network)
  --mode      mode of a new database (default sandbox); a database keeps the mode it was made with
  --tls-cert  PEM certificate (chain) to serve HTTPS with; tills on the LAN need HTTPS (with --tls-key)
  --tls-key   PEM private key of --tls-cert
  --print-merchant-key  print the merchant key the tills use with this server, and exit`;

const ArgsSchema = z.object({
  database: z.string().min(1).optional(),
  port: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((n) => n <= 65535, 'must be a whole number from 0 to 65535')
    .optional(),
  host: z.string().min(1).optional(),
  mode: GatewayModeSchema.optional(),
  'print-merchant-key': z.boolean().optional(),
  'tls-cert': z.string().min(1, 'must name a PEM file').optional(),
  'tls-key': z.string().min(1, 'must name a PEM file').optional(),
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        database: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        mode: { type: 'string' },
        'print-merchant-key': { type: 'boolean' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`--${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}\n${USAGE}`);
  }
  const args = parsed.data;
  const databaseUrl = args.database ?? process.env.PAYDESK_DATABASE_URL;
  if (!databaseUrl) fail(`--database: a postgres:// URL is required (or PAYDESK_DATABASE_URL)\n${USAGE}`);
  let tls: ReturnType<typeof readServerTls>;
  try {
    tls = readServerTls(args['tls-cert'], args['tls-key']);
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const logger = createLogger({ stderr: process.env.PAYDESK_QUIET !== '1' });
  try {
    if (args['print-merchant-key']) {
      const db = await openGatewayPg(databaseUrl);
      process.stdout.write(`${sharedMerchantKey(db, randomIds)}\n`);
      db.close();
      return;
    }
    const server = await startGatewayServer({
      databaseUrl,
      port: args.port,
      bindHost: args.host,
      mode: args.mode,
      tls,
      logger,
    });
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info('stopping', { signal });
      setTimeout(() => process.exit(1), 15_000).unref();
      void server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.stdout.write(`ready ${server.url}\n`);
  } catch (error) {
    fail(redact(`The shop server could not start: ${(error as Error).message}`, databaseUrl));
  }
}

void main();
