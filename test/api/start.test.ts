/** `npm start` where Electron's runtime is missing (as here): one plain line, then the headless host. */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, tempDataDir } from '../helpers/host.js';

let running: ChildProcess | undefined;
afterEach(() => {
  running?.kill('SIGKILL');
  running = undefined;
});

function start(env: NodeJS.ProcessEnv, dataDir: string) {
  const cleanEnv = { ...process.env };
  delete cleanEnv.DISPLAY;
  delete cleanEnv.WAYLAND_DISPLAY;
  const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', '--data', dataDir], {
    cwd: repoRoot,
    env: { ...cleanEnv, PAYDESK_QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    waiters.splice(0).forEach((wake) => wake());
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = async (index: number): Promise<string> => {
    const deadline = Date.now() + 30_000;
    while (lines.length <= index) {
      if (Date.now() > deadline) throw new Error(`no line ${index}; got ${JSON.stringify(lines)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
    return lines[index]!;
  };
  return { child, line, exited };
}

describe('npm start without the Electron runtime', () => {
  it('says so in one line, serves the app and prints the URL when there is no display; SIGTERM exits 0', async () => {
    const app = start({ PAYDESK_SHELL: undefined }, tempDataDir());
    expect(await app.line(0)).toBe(
      'Electron runtime not installed here: running the headless host instead (same app, in a browser window).',
    );
    const second = await app.line(1);
    const url = /Open (http:\/\/127\.0\.0\.1:\d+\/) in a browser/.exec(second)?.[1];
    expect(url, second).toBeDefined();
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
  });

  it('opens Chromium in app mode on the URL when a display and a Chromium are present; closing it ends the app', async () => {
    const dataDir = tempDataDir();
    const record = join(dataDir, 'chromium-args.txt');
    const fakeChromium = join(dataDir, 'fake-chromium.sh');
    // A stand-in browser that records how it was started, then stays open until killed.
    writeFileSync(
      fakeChromium,
      `#!/bin/sh\necho $$ > '${record}.pid'; printf '%s\\n' "$@" > '${record}'\nexec sleep 60\n`,
    );
    chmodSync(fakeChromium, 0o755);
    const app = start(
      { DISPLAY: ':99', CHROMIUM_PATH: fakeChromium, PAYDESK_CHROMIUM_PROFILE: join(dataDir, 'profile') },
      join(dataDir, 'data'),
    );
    await app.line(0);
    const url = /running at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(await app.line(1))?.[1];
    expect(url).toBeDefined();
    await expect
      .poll(() => existsSync(record) && readFileSync(record, 'utf8').length > 0, { timeout: 10_000 })
      .toBe(true);
    const browserArgs = readFileSync(record, 'utf8').trim().split('\n');
    expect(browserArgs).toContain(`--app=${url}`);
    expect(browserArgs).toContain(`--user-data-dir=${join(dataDir, 'profile')}`);
    // The user closes the window: the host stops and npm start ends cleanly.
    process.kill(Number(readFileSync(`${record}.pid`, 'utf8').trim()), 'SIGTERM');
    expect(await app.exited).toBe(0);
  });
});
