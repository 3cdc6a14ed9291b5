/**
 * Packs the app with electron-builder offline: a stub Electron distribution stands in for the
 * download and native rebuilds are off, which is enough to check what goes into app.asar.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPackage, extractFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { repoRoot } from '../helpers/host.js';

const require = createRequire(import.meta.url);
// @electron/fuses' marker before the wire; each fuse is '0' (off) or '1' (on), in FuseV1Options order.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const SHIPPED_WIRE = '101100011';
const work = mkdtempSync(join(tmpdir(), 'paydesk-pack-'));
let asarPath = '';
let entries: string[] = [];

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/make-icons.mjs'], { cwd: repoRoot, stdio: 'ignore' });
  const stub = join(work, 'electron-dist');
  mkdirSync(stub, { recursive: true });
  // A stand-in binary carrying a fuse wire as Electron 41 ships it, so the fuses step has work to do.
  writeFileSync(
    join(stub, 'electron'),
    Buffer.concat([
      Buffer.from('#!/bin/sh\nexit 0\n'),
      Buffer.from(SENTINEL),
      Buffer.from([1, SHIPPED_WIRE.length]),
      Buffer.from(SHIPPED_WIRE),
    ]),
  );
  chmodSync(join(stub, 'electron'), 0o755);
  writeFileSync(join(stub, 'version'), '41.7.1');

  const config = require(join(repoRoot, 'build/electron-builder.config.cjs')) as Record<string, unknown>;
  const { build, Platform } = await import('electron-builder');
  await build({
    projectDir: repoRoot,
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: {
      ...config,
      electronDist: stub,
      electronVersion: '41.7.1',
      npmRebuild: false,
      directories: { ...(config.directories as object), output: join(work, 'out') },
    },
  });
  asarPath = join(work, 'out', 'linux-unpacked', 'resources', 'app.asar');
  entries = existsSync(asarPath)
    ? listPackage(asarPath, { isPack: false }).map((entry) => entry.replaceAll('\\', '/'))
    : [];
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('electron-builder packaging (offline, stub Electron)', () => {
  it('produces app.asar with the main bundle, the preload and the renderer', () => {
    expect(existsSync(asarPath)).toBe(true);
    expect(entries).toContain('/dist/electron/main.cjs');
    expect(entries).toContain('/dist/electron/preload.cjs');
    expect(entries).toContain('/dist/renderer/index.html');
    expect(entries.some((entry) => /^\/dist\/renderer\/assets\/.+\.js$/.test(entry))).toBe(true);
  });

  it('flips the Electron fuses: no run-as-node, NODE_OPTIONS or inspect; asar only and integrity-checked', async () => {
    const wire = await getCurrentFuseWire(join(work, 'out', 'linux-unpacked', 'paydesk'));
    const on = (option: FuseV1Options) => String.fromCharCode(wire[option] as number);
    expect(on(FuseV1Options.RunAsNode)).toBe('0');
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe('0');
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe('0');
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe('1');
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe('1');
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe('1');
    expect(on(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe('0');
  });

  it('points the packaged package.json at the main bundle', () => {
    const manifest = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as { main: string };
    expect(manifest.main).toBe('dist/electron/main.cjs');
  });

  it('gives the CommonJS main bundle a real module URL (the PostgreSQL worker resolves `pg` from it)', () => {
    const main = extractFile(asarPath, 'dist/electron/main.cjs').toString('utf8');
    // esbuild turns import.meta into an empty object in CommonJS: createRequire(undefined) would throw.
    expect(main).not.toMatch(/import_meta\d* = \{\}/);
    expect(main).toContain('createRequire)(__paydeskModuleUrl).resolve("pg")');
    expect(entries.some((entry) => entry.startsWith('/node_modules/pg/'))).toBe(true);
  });

  it('ships the runtime dependencies and nothing from test/, bench/, sources or maps', () => {
    expect(entries.some((entry) => entry.startsWith('/node_modules/fastify/'))).toBe(true);
    expect(entries.some((entry) => entry.startsWith('/node_modules/better-sqlite3/'))).toBe(true);
    expect(entries.filter((entry) => entry.startsWith('/test/') || entry === '/test')).toEqual([]);
    expect(
      entries.filter(
        (entry) => entry.startsWith('/bench/') || entry.startsWith('/electron/') || entry.startsWith('/renderer/'),
      ),
    ).toEqual([]);
    expect(entries.filter((entry) => entry.endsWith('.map') && entry.startsWith('/dist/'))).toEqual([]);
    expect(
      entries.some((entry) => entry.startsWith('/node_modules/vitest/') || entry.startsWith('/node_modules/react/')),
    ).toBe(false);
  });
});
