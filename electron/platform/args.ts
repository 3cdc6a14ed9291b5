/** Command-line options of the shells, validated: `--data <dir> --port <n> --mode sandbox|live --host <addr>`. */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { GatewayModeSchema } from '../../shared/posapi.js';

const ArgsSchema = z.object({
  data: z.string().min(1, 'must name a directory').optional(),
  port: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, 'must be a whole number from 0 to 65535')
    .optional(),
  mode: GatewayModeSchema.optional(),
  host: z.string().min(1).optional(),
  'payer-host': z.string().min(1, 'must name an address').optional(),
  'payer-port': z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, 'must be a whole number from 0 to 65535')
    .optional(),
  database: z.string().min(1, 'must be a postgres:// URL').optional(),
});

export type ShellArgs = z.output<typeof ArgsSchema>;

export class UsageError extends Error {}

export const USAGE = `Usage: npm run serve -- [--data <dir>] [--port <n>] [--mode sandbox|live] [--host <address>]
       [--payer-host <address>] [--payer-port <n>] [--database postgres://...]
  --data  data directory (default: PAYDESK_DATA, else the per-user data directory)
  --port  port to serve on; 0 takes a free one (default 0)
  --mode  gateway mode of a new data directory (default sandbox)
  --host  address to bind (default 127.0.0.1; anything else exposes the till to the network)
  --payer-host  also listen on this address for payers' phones: checkout and receipt pages and the
                public /v1 calls they make, nothing else (off by default; README "Payer listener")
  --payer-port  port of the payer listener (default 0: a free one, printed as "payer <url>")
  --database  keep the gateway's state in this PostgreSQL database instead of gateway.db (default:
              PAYDESK_DATABASE_URL; README "Shop server on PostgreSQL"); its password is never printed`;

export function parseShellArgs(argv: string[]): ShellArgs {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        data: { type: 'string' },
        port: { type: 'string' },
        mode: { type: 'string' },
        host: { type: 'string' },
        'payer-host': { type: 'string' },
        'payer-port': { type: 'string' },
        database: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}\n${USAGE}`);
  }
  return parsed.data;
}
