/**
 * Runs electron/main.ts and electron/preload.ts against a fake of electron's modules: the real
 * core (SQLite files in a temp dir, real HTTP on loopback) behind a fake window and fake IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Listener = (...args: any[]) => unknown;

const fake = vi.hoisted(() => {
  const calls: string[] = [];
  const ipcHandlers = new Map<string, Listener>();
  const rendererListeners = new Map<string, Listener>();
  const windows: any[] = [];
  const appEvents = new Map<string, Listener[]>();
  let schemeHandler: ((request: { url: string }) => Promise<Response>) | undefined;
  let privileged: unknown;
  let exposed: { key: string; api: any } | undefined;
  const invoked: unknown[][] = [];

  class FakeWebContents {
    readonly sent: unknown[][] = [];
    readonly events = new Map<string, Listener>();
    openHandler: Listener | undefined;
    permissionHandler: Listener | undefined;
    permissionCheck: Listener | undefined;
    readonly session = {
      setPermissionRequestHandler: (h: Listener) => (this.permissionHandler = h),
      setPermissionCheckHandler: (h: Listener) => (this.permissionCheck = h),
    };
    setWindowOpenHandler(h: Listener) {
      this.openHandler = h;
    }
    on(name: string, h: Listener) {
      this.events.set(name, h);
      return this;
    }
    send(channel: string, message: unknown) {
      this.sent.push([channel, message]);
    }
  }
  class FakeBrowserWindow {
    readonly webContents = new FakeWebContents();
    loaded: string | undefined;
    constructor(readonly options: any) {
      calls.push('new BrowserWindow');
      windows.push(this);
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    once(name: string, h: Listener) {
      if (name === 'ready-to-show') h();
    }
    on() {}
    shownInactive = false;
    showInactive() {
      this.shownInactive = true;
    }
    close() {}
    readonly titles: string[] = [];
    setTitle(title: string) {
      this.titles.push(title);
    }
    isDestroyed() {
      return false;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    show() {}
  }
  const electron = {
    app: {
      whenReady: () => {
        calls.push('whenReady');
        return Promise.resolve();
      },
      requestSingleInstanceLock: () => true,
      on: (name: string, h: Listener) => appEvents.set(name, [...(appEvents.get(name) ?? []), h]),
      quit: () => calls.push('quit'),
      exit: (code: number) => calls.push(`exit ${code}`),
    },
    BrowserWindow: FakeBrowserWindow,
    // Two screens: the till's and the customer display's.
    screen: {
      getPrimaryDisplay: () => ({ id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 } }),
      getAllDisplays: () => [
        { id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 } },
        { id: 2, bounds: { x: 1280, y: 0, width: 1920, height: 1080 } },
      ],
    },
    ipcMain: { handle: (channel: string, h: Listener) => ipcHandlers.set(channel, h) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => {
        calls.push('registerSchemesAsPrivileged');
        privileged = schemes;
      },
      handle: (_scheme: string, h: (request: { url: string }) => Promise<Response>) => (schemeHandler = h),
    },
    shell: { openExternal: vi.fn(() => Promise.resolve()) },
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed = { key, api }) },
    ipcRenderer: {
      invoke: (...args: unknown[]) => {
        invoked.push(args);
        return Promise.resolve({ ok: true, result: 'pong' });
      },
      on: (channel: string, h: Listener) => rendererListeners.set(channel, h),
      removeListener: (channel: string) => rendererListeners.delete(channel),
    },
  };
  return {
    electron,
    calls,
    ipcHandlers,
    rendererListeners,
    windows,
    appEvents,
    invoked,
    get schemeHandler() {
      return schemeHandler;
    },
    get privileged() {
      return privileged;
    },
    get exposed() {
      return exposed;
    },
  };
});

vi.mock('electron', () => ({ ...fake.electron, default: fake.electron }));

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-electron-'));
let shellState: any;

beforeAll(async () => {
  process.env.PAYDESK_DATA = dataDir;
  const main = await import('../../electron/main.js');
  shellState = await main.started;
});

afterAll(async () => {
  await shellState?.core.close();
  delete process.env.PAYDESK_DATA;
  rmSync(dataDir, { recursive: true, force: true });
});

const appEvent = { senderFrame: { url: 'paydesk://app/' }, sender: { id: 1 } };

describe('electron/main.ts', () => {
  it('registers the app scheme before ready, then opens the till window (and the display on the second screen)', () => {
    expect(fake.calls.indexOf('registerSchemesAsPrivileged')).toBeGreaterThanOrEqual(0);
    expect(fake.calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(fake.calls.indexOf('whenReady'));
    expect(fake.privileged).toEqual([
      { scheme: 'paydesk', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    expect(fake.windows).toHaveLength(2);
    expect(fake.windows[0].loaded).toBe('paydesk://app/');
  });

  it('opens the customer display on the second screen, without preload, over the read-only /display/ page', () => {
    const display = fake.windows[1];
    expect(display.loaded).toBe(`${shellState.core.url}/display/`);
    expect(display.options).toMatchObject({ x: 1280, y: 0, width: 1920, height: 1080, fullscreen: true });
    // The titles follow the till's language from the start (electron/window-titles.ts), until a page titles itself.
    expect(display.titles).toEqual(['Customer display']);
    expect(fake.windows[0].titles).toEqual(['Paydesk']);
    const prefs = display.options.webPreferences;
    expect(prefs.preload).toBeUndefined();
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(display.shownInactive).toBe(true);
    expect(display.webContents.openHandler({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    const away = { preventDefault: vi.fn() };
    display.webContents.events.get('will-navigate')(away, `${shellState.core.url}/`);
    expect(away.preventDefault).toHaveBeenCalled();
  });

  it('opens the window isolated, sandboxed and without Node', () => {
    const prefs = fake.windows[0].options.webPreferences;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.preload).toMatch(/preload\.cjs$/);
  });

  it('denies new windows and navigation off the app, and every permission', () => {
    const contents = fake.windows[0].webContents;
    expect(contents.openHandler({ url: 'paydesk://app/other' })).toEqual({ action: 'deny' });
    // A URL the app did not hand out never reaches the system browser, whatever its scheme.
    for (const url of ['https://example.com/help', 'file:///etc/passwd', 'smb://host/share', 'javascript:alert(1)']) {
      expect(contents.openHandler({ url })).toEqual({ action: 'deny' });
    }
    expect(fake.electron.shell.openExternal).not.toHaveBeenCalled();

    const navigate = contents.events.get('will-navigate');
    const away = { preventDefault: vi.fn() };
    navigate(away, 'https://evil.example/');
    expect(away.preventDefault).toHaveBeenCalled();
    const within = { preventDefault: vi.fn() };
    navigate(within, 'paydesk://app/orders');
    expect(within.preventDefault).not.toHaveBeenCalled();
    const lookalike = { preventDefault: vi.fn() };
    navigate(lookalike, 'paydesk://app.evil/');
    expect(lookalike.preventDefault).toHaveBeenCalled();

    let granted: boolean | undefined;
    contents.permissionHandler(contents, 'media', (ok: boolean) => (granted = ok));
    expect(granted).toBe(false);
    expect(contents.permissionCheck(contents, 'clipboard-read', 'paydesk://app')).toBe(false);
  });

  it('serves the renderer on the app scheme with the strict CSP, and nothing outside it', async () => {
    const page = await fake.schemeHandler!({ url: 'paydesk://app/' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(await page.text()).toContain('<div id="root">');
    // A client-side route gets the app; a path climbing out of the folder gets nothing.
    expect((await fake.schemeHandler!({ url: 'paydesk://app/orders/today' })).status).toBe(200);
    expect((await fake.schemeHandler!({ url: 'paydesk://app/..%2F..%2Fpackage.json' })).status).toBe(404);
    expect((await fake.schemeHandler!({ url: 'paydesk://other/index.html' })).status).toBe(404);
    // A broken %-escape is a bad request, not a crash of the handler.
    expect((await fake.schemeHandler!({ url: 'paydesk://app/%E0%A4%A' })).status).toBe(400);
  });

  it('answers PosApi calls over IPC from the app window only, validating names and args', async () => {
    const handle = fake.ipcHandlers.get('paydesk:call')!;
    const info = await handle(appEvent, 'app.info', {});
    expect(info).toMatchObject({ ok: true, result: { name: 'Paydesk', shell: 'electron', mode: 'sandbox', dataDir } });
    expect(await handle({ senderFrame: { url: 'https://evil.example/' } }, 'app.info', {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await handle(appEvent, 'nope.nothing', {})).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    expect(await handle(appEvent, 42, {})).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
  });

  it('pushes core events to the window over the event channel', () => {
    const contents = fake.windows[0].webContents;
    shellState.core.events.publish('connection.changed', { online: false, since: '2026-11-23T00:00:00.000Z' } as any);
    expect(contents.sent.at(-1)).toEqual([
      'paydesk:event',
      { event: 'connection.changed', payload: { online: false, since: '2026-11-23T00:00:00.000Z' } },
    ]);
  });

  it('serves the gateway on loopback for the till, like the host does', async () => {
    const response = await fetch(`${shellState.core.url}/v1/health`);
    expect(response.status).toBe(200);
    expect(shellState.core.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('closes the core before quitting', async () => {
    const [willQuit] = fake.appEvents.get('will-quit')!;
    const event = { preventDefault: vi.fn() };
    willQuit!(event);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(fake.calls).toContain('quit'));
    await expect(fetch(`${shellState.core.url}/v1/health`)).rejects.toThrow();
  });
});

describe('electron/preload.ts', () => {
  it('exposes only the PosApi bridge, wired to the IPC channels', async () => {
    await import('../../electron/preload.js');
    expect(fake.exposed?.key).toBe('paydeskBridge');
    expect(Object.keys(fake.exposed!.api).sort()).toEqual(['invoke', 'onEvent']);
    expect(await fake.exposed!.api.invoke('app.info', {})).toEqual({ ok: true, result: 'pong' });
    expect(fake.invoked.at(-1)).toEqual(['paydesk:call', 'app.info', {}]);

    const seen: unknown[] = [];
    const stop = fake.exposed!.api.onEvent((message: unknown) => seen.push(message));
    fake.rendererListeners.get('paydesk:event')!({}, { event: 'hello', payload: {} });
    expect(seen).toEqual([{ event: 'hello', payload: {} }]);
    stop();
    expect(fake.rendererListeners.has('paydesk:event')).toBe(false);
  });
});
