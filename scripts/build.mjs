#!/usr/bin/env node
// Builds what the app runs: the main-process bundles (esbuild, always: well under a second)
// and the renderer (vite, only when its sources changed since the last build).
// --quiet: nothing on stdout, so `npm run -s serve` keeps stdout for the host's ready line.
import { build as esbuild } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');
const log = (msg) => process.stderr.write(`[build] ${msg}\n`);
const out = join(root, 'dist');

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(join(p, name));
    else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return newest;
}

async function buildMain() {
  const started = Date.now();
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    absWorkingDir: root,
  };
  await esbuild({
    ...common,
    entryPoints: ['electron/host.ts'],
    outfile: 'dist/electron/host.js',
    format: 'esm',
    packages: 'external',
  });
  await esbuild({
    ...common,
    entryPoints: ['electron/server.ts'],
    outfile: 'dist/electron/server.js',
    format: 'esm',
    packages: 'external',
  });
  await esbuild({
    ...common,
    entryPoints: ['electron/restore-cli.ts'],
    outfile: 'dist/electron/restore.js',
    format: 'esm',
    packages: 'external',
  });
  if (existsSync(join(root, 'electron/main.ts'))) {
    await esbuild({
      ...common,
      entryPoints: ['electron/main.ts'],
      outfile: 'dist/electron/main.cjs',
      format: 'cjs',
      packages: 'external',
      external: ['electron'],
      // The shared code finds its packages with createRequire(import.meta.url) (the PostgreSQL worker
      // loads `pg` by path); CommonJS has no import.meta, so give it this file's own URL.
      define: { 'import.meta.url': '__paydeskModuleUrl' },
      banner: { js: "const __paydeskModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    });
  }
  if (existsSync(join(root, 'electron/preload.ts'))) {
    // A sandboxed preload may require only 'electron': bundle everything else into it.
    await esbuild({
      ...common,
      entryPoints: ['electron/preload.ts'],
      outfile: 'dist/electron/preload.cjs',
      format: 'cjs',
      external: ['electron'],
    });
  }
  log(`main process bundled in ${Date.now() - started} ms`);
}

async function buildRenderer() {
  const stamp = join(out, 'renderer', '.built');
  const sources = newestMtime(['renderer', 'shared', 'vite.config.ts', 'package-lock.json']);
  const builtAt = existsSync(stamp) ? Number(readFileSync(stamp, 'utf8')) : 0;
  if (builtAt >= sources && existsSync(join(out, 'renderer', 'index.html'))) {
    log('renderer up to date');
    return;
  }
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: quiet ? 'error' : 'info' });
  mkdirSync(join(out, 'renderer'), { recursive: true });
  writeFileSync(stamp, String(sources));
  log(`renderer built in ${Date.now() - started} ms`);
}

try {
  mkdirSync(join(out, 'electron'), { recursive: true });
  await buildMain();
  await buildRenderer();
} catch (error) {
  process.stderr.write(`[build] failed: ${error?.stack ?? error}\n`);
  process.exit(1);
}
