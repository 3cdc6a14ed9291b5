#!/usr/bin/env node
// `npm start`: builds what is stale, then runs the app in Electron where its runtime is installed.
// Where it is not, it says so in one line and runs the headless host instead, opening Chromium in
// app mode when there is a display and a Chromium, else printing the URL to open.
// Arguments after `--` go to the shell (e.g. `npm start -- --data /tmp/shop --port 8080`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import envPaths from 'env-paths';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const say = (line) => process.stdout.write(`${line}\n`);

/** Electron's package exports the binary's path, and throws when the binary was never downloaded. */
function electronBinary() {
  if (process.env.PAYDESK_SHELL === 'host') return undefined;
  try {
    const path = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
  return candidates.find((path) => path && existsSync(path));
}

function hasDisplay() {
  if (process.platform === 'win32' || process.platform === 'darwin') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (built.status !== 0) process.exit(built.status ?? 1);

const electron = electronBinary();
if (electron) {
  // Electron's own argv is full of Chromium switches: the shell options travel as environment.
  const option = (name) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  };
  const env = { ...process.env };
  if (option('data')) env.PAYDESK_DATA = option('data');
  if (option('mode')) env.PAYDESK_MODE = option('mode');
  const child = spawn(electron, [root], { stdio: 'inherit', env });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  say(
    process.env.PAYDESK_SHELL === 'host'
      ? 'PAYDESK_SHELL=host: running the headless host (same app, in a browser window).'
      : 'Electron runtime not installed here: running the headless host instead (same app, in a browser window).',
  );
  runHost();
}

function runHost() {
  const host = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist/electron/host.js'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let browser;
  const lines = createInterface({ input: host.stdout });
  lines.on('line', (line) => {
    const ready = /^ready (http:\/\/\S+)$/.exec(line);
    if (!ready) return say(line);
    const url = `${ready[1]}/`;
    const chromium = hasDisplay() ? findChromium() : undefined;
    if (!chromium) {
      say(`Paydesk is running. Open ${url} in a browser (Ctrl+C stops it).`);
      return;
    }
    say(`Paydesk is running at ${url} (opening it in ${chromium}; Ctrl+C stops it).`);
    // A profile of our own keeps the app window out of the user's browsing session.
    const profile =
      process.env.PAYDESK_CHROMIUM_PROFILE ?? join(envPaths('Paydesk', { suffix: '' }).cache, 'chromium-profile');
    mkdirSync(profile, { recursive: true });
    browser = spawn(
      chromium,
      [`--app=${url}`, `--user-data-dir=${profile}`, '--no-first-run', '--no-default-browser-check'],
      { stdio: 'ignore' },
    );
    browser.on('error', (error) => say(`Could not open Chromium (${error.message}); open ${url} in a browser.`));
    // Closing the app window ends the app, as closing the Electron window would.
    browser.on('exit', () => host.kill('SIGTERM'));
  });
  const stop = (signal) => {
    browser?.kill('SIGTERM');
    host.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  host.on('exit', (code, signal) => {
    browser?.kill('SIGTERM');
    process.exit(code ?? (signal ? 0 : 1));
  });
}
