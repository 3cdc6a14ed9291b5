/**
 * The headless host: the main-process core without Electron, serving the built renderer at /,
 * the gateway under /v1 and the PosApi over HTTP. Its first stdout line is exactly
 * `ready http://127.0.0.1:<port>`, printed once requests are accepted; logs go to stderr and
 * the data directory's paydesk.log. SIGINT/SIGTERM close servers and databases, exit 0.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCore } from './compose.js';
import { parseShellArgs, UsageError } from './platform/args.js';
import { createLogger } from './platform/logger.js';
import { ensureDataDir, resolveDataDir } from './platform/paths.js';

async function main(): Promise<void> {
  const args = parseShellArgs(process.argv.slice(2));
  const dataDir = ensureDataDir(resolveDataDir(args.data));
  // Bundled to dist/electron/host.js; the renderer is built beside it in dist/renderer.
  const here = dirname(fileURLToPath(import.meta.url));
  const rendererDir = process.env.PAYDESK_RENDERER_DIR ?? join(here, '..', 'renderer');
  const logger = createLogger({
    file: join(dataDir, 'paydesk.log'),
    stderr: process.env.PAYDESK_QUIET !== '1',
    level: process.env.PAYDESK_LOG_LEVEL === 'debug' ? 'debug' : 'info',
  });

  // Signals are handled from the first moment: a SIGTERM that arrives while starting (or just
  // as the ready line goes out) waits for the core and closes it, instead of killing the process.
  let stopSignal: string | undefined;
  const started: { core?: Awaited<ReturnType<typeof startCore>> } = {};
  const stop = (signal: string): void => {
    if (stopSignal) return;
    stopSignal = signal;
    logger.info('stopping', { signal });
    // A close that hangs must not keep a till from restarting.
    setTimeout(() => {
      logger.error('close took too long; exiting');
      process.exit(1);
    }, 15_000).unref();
    if (started.core) closeAndExit(started.core);
  };
  const closeAndExit = (running: NonNullable<typeof started.core>): void => {
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('close failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const options = (port: number): Parameters<typeof startCore>[0] => ({
    dataDir,
    shell: 'host',
    port,
    bindHost: args.host,
    payerHost: args['payer-host'],
    payerPort: args['payer-port'],
    databaseUrl: args.database ?? (process.env.PAYDESK_DATABASE_URL || undefined),
    mode: args.mode,
    rendererDir,
    payerPagesDir: rendererDir,
    httpBridge: true,
    sqliteModule: createRequire(import.meta.url).resolve('better-sqlite3'),
    logger,
    requestRestart: () =>
      void restart().catch((error: unknown) => {
        logger.error('restart failed', { error: String(error) });
        process.exit(1);
      }),
  });
  // A restore staged from first-run Setup: the core closes and starts again on the same port (it
  // applies the restore before opening anything); the page reloads itself once the server answers.
  const restart = async (): Promise<void> => {
    const running = started.core;
    if (!running || stopSignal) return;
    started.core = undefined;
    logger.info('restarting the core');
    await running.close();
    started.core = await startCore(options(running.port));
    if (stopSignal) closeAndExit(started.core);
  };

  const core = await startCore(options(args.port ?? 0));
  started.core = core;
  if (stopSignal) return closeAndExit(core);
  process.stdout.write(`ready ${core.url}\n`);
  if (core.payerUrl) process.stdout.write(`payer ${core.payerUrl}\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`paydesk: ${message}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
