/**
 * The Electron shell: one window onto the same core the headless host runs. The renderer is
 * served from a private `paydesk://app/` scheme with a strict CSP; it reaches the main process
 * only through the PosApi over IPC (preload.ts). One of the two files allowed to import electron.
 */
import {
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  screen,
  shell,
  type IpcMainInvokeEvent,
  type WebContents,
} from 'electron';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, normalize, sep } from 'node:path';
import { dispatchPosCommand } from './bridge/dispatch.js';
import { eventsFor } from './bridge/events.js';
import { IssuedLinks } from './bridge/external-links.js';
import { CSP, startCore, type Core } from './compose.js';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../shared/ipc.js';
import { parseShellArgs } from './platform/args.js';
import { trustExtraCaCertificates } from './platform/extra-ca.js';
import { createLogger } from './platform/logger.js';
import { ensureDataDir, resolveDataDir } from './platform/paths.js';
import { GatewayModeSchema, type PosOutcome } from '../shared/posapi.js';
import { posErrorShape } from '../shared/pos-error.js';
import { DEFAULT_LANGUAGE, type Language } from '../shared/i18n/languages.js';
import { windowTitle } from '../shared/i18n/main.js';
import { tillLanguage } from './till-language.js';
import { followLanguage } from './window-titles.js';

// Before any connection: a shop server's private certificate (README "Moving to a shop server").
const extraCa = trustExtraCaCertificates();

export const APP_SCHEME = 'paydesk';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** The window's options: the security settings of README "Security", in one place the unit test reads. */
export function windowOptions(
  preloadPath: string,
  language: Language = DEFAULT_LANGUAGE,
): Electron.BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    title: windowTitle(language, 'tillWindow'),
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  };
}

/** True for URLs of the app itself; anything else is off the app. */
export function isAppUrl(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
}

/** Maps a paydesk://app/... request to a file of the built renderer; client-side routes get index.html. */
export async function serveRendererRequest(rendererDir: string, requestUrl: string): Promise<Response> {
  const url = new URL(requestUrl);
  if (url.host !== 'app') return new Response('Not found', { status: 404 });
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return new Response('Bad request', { status: 400 }); // a broken %-escape
  }
  if (path === '/' || !/\.[a-z0-9]+$/i.test(path)) path = '/index.html';
  const file = normalize(join(rendererDir, path));
  // A request must not climb out of the renderer folder (paydesk://app/../../etc/passwd).
  if (file !== rendererDir && !file.startsWith(rendererDir.endsWith(sep) ? rendererDir : rendererDir + sep)) {
    return new Response('Not found', { status: 404 });
  }
  try {
    const body = await readFile(file);
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CSP,
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}

/**
 * Locks a window's web contents to the app: no new windows, no navigation away, no permissions.
 * Only explorer links the main process itself handed out open in the system browser.
 */
export function confineWebContents(contents: WebContents, links: IssuedLinks): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (links.allows(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  // Checks (e.g. navigator.permissions.query, clipboard reads) are answered "denied" too.
  contents.session.setPermissionCheckHandler(() => false);
}

export interface ShellState {
  core: Core;
  window: BrowserWindow;
  /** The customer display on the second screen, when there is one. */
  display?: BrowserWindow;
}

/**
 * The customer display (README "Customer display"): a window of its own on the second screen when
 * there is one, full screen, showing the core's /display/ page. No preload: it cannot reach the
 * PosApi; it reads the display's read-only feed like any browser on this machine.
 */
export function openCustomerDisplay(core: Core, language: Language = DEFAULT_LANGUAGE): BrowserWindow | undefined {
  const primary = screen.getPrimaryDisplay();
  const second = screen.getAllDisplays().find((display) => display.id !== primary.id);
  if (!second) return undefined;
  const url = `${core.url}/display/`;
  const window = new BrowserWindow({
    ...second.bounds,
    fullscreen: true,
    autoHideMenuBar: true,
    show: false,
    // Until its page sets a title of its own in the payer's language.
    title: windowTitle(language, 'customerDisplayWindow'),
    backgroundColor: '#ffffff',
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  const contents = window.webContents;
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event, target) => {
    if (!target.startsWith(url)) event.preventDefault();
  });
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  // The till keeps the keyboard: the display is shown without taking focus.
  window.once('ready-to-show', () => window.showInactive());
  void window.loadURL(url);
  return window;
}

/** The payer listener (README "The payer listener"): off unless the owner names an address; checked like `serve`'s options. */
function payerListenerFromEnv(): { payerHost?: string; payerPort?: number } {
  const { PAYDESK_PAYER_HOST: host, PAYDESK_PAYER_PORT: port } = process.env;
  const args = parseShellArgs([...(host ? ['--payer-host', host] : []), ...(port ? ['--payer-port', port] : [])]);
  return { payerHost: args['payer-host'], payerPort: args['payer-port'] };
}

/** Starts the core and opens the window; resolves once the window is loading the app. */
export async function launch(): Promise<ShellState> {
  const dataDir = ensureDataDir(resolveDataDir(undefined));
  const logger = createLogger({ file: join(dataDir, 'paydesk.log'), stderr: true });
  if (extraCa !== 'none') logger.info('NODE_EXTRA_CA_CERTS', { outcome: extraCa });
  const modeEnv = process.env.PAYDESK_MODE;
  const mode = modeEnv === undefined ? undefined : GatewayModeSchema.parse(modeEnv);
  const sqliteModule = createRequire(__filename).resolve('better-sqlite3');
  // A restore staged from first-run Setup is applied by the next start: relaunch (the core closes on quit).
  const requestRestart = () => {
    app.relaunch();
    app.quit();
  };
  const rendererDir = normalize(join(__dirname, '..', 'renderer'));
  const core = await startCore({
    dataDir,
    shell: 'electron',
    port: 0,
    mode,
    logger,
    sqliteModule,
    requestRestart,
    payerPagesDir: rendererDir,
    ...payerListenerFromEnv(),
  });

  protocol.handle(APP_SCHEME, (request) => serveRendererRequest(rendererDir, request.url));
  const links = new IssuedLinks();

  ipcMain.handle(
    IPC_CALL_CHANNEL,
    async (event: IpcMainInvokeEvent, command: unknown, args: unknown): Promise<PosOutcome> => {
      // Only our own page may call the till; a frame of any other origin gets nothing.
      const senderUrl = event.senderFrame?.url ?? '';
      if (!isAppUrl(senderUrl)) return { ok: false, error: posErrorShape('window_only') };
      if (typeof command !== 'string') return { ok: false, error: posErrorShape('command_not_named') };
      // The window is its connection: whoever signed in there is the caller (README, "Staff and roles").
      const outcome = await dispatchPosCommand(core.pos, command, args, logger, `window:${event.sender.id}`);
      if (outcome.ok) links.noteFrom(outcome.result);
      return outcome;
    },
  );

  const language = await tillLanguage(core.pos, logger);
  const window = new BrowserWindow(windowOptions(join(__dirname, 'preload.cjs'), language));
  confineWebContents(window.webContents, links);
  const unsubscribe = core.events.subscribe(
    eventsFor(core.pos, `window:${window.webContents.id}`, (message) => {
      if (!window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, message);
    }),
  );
  window.once('ready-to-show', () => window.show());
  window.on('closed', unsubscribe);
  void window.loadURL(`${APP_ORIGIN}/`);
  const display = openCustomerDisplay(core, language);
  // Titles follow a saved language at once; the display's page titles itself in the payer's language.
  let displayTitled = false;
  display?.webContents.on('page-title-updated', () => (displayTitled = true));
  const displayTitle = display && {
    setTitle: (title: string) => display.setTitle(title),
    isDestroyed: () => display.isDestroyed(),
    titledByPage: () => displayTitled,
  };
  window.on(
    'closed',
    followLanguage(core.events, { tillWindow: window, customerDisplayWindow: displayTitle }, language),
  );
  window.on('closed', () => {
    if (display && !display.isDestroyed()) display.close();
  });

  let closing = false;
  app.on('will-quit', (event) => {
    if (closing) return;
    // Close the servers and databases before the process goes; then quit for real.
    event.preventDefault();
    closing = true;
    core.close().finally(() => app.quit());
  });
  return { core, window, display };
}

/** Registers the scheme (before ready), takes the single-instance lock, and launches. */
export function run(): Promise<ShellState | undefined> {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
  // Two tills on one data directory would fight over its databases: the second one focuses the first.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return Promise.resolve(undefined);
  }
  app.on('window-all-closed', () => app.quit());
  return app
    .whenReady()
    .then(async () => {
      const state = await launch();
      app.on('second-instance', () => {
        if (state.window.isMinimized()) state.window.restore();
        state.window.focus();
      });
      return state;
    })
    .catch((error: unknown) => {
      process.stderr.write(`paydesk: ${error instanceof Error ? error.message : String(error)}\n`);
      app.exit(1);
      return undefined;
    });
}

export const started = run();
