#!/usr/bin/env node
// `npm run -s migrate-db -- --data DIR --database URL`: bundles electron/migrate-db-cli.ts (esbuild,
// well under a second), then runs it in this same process (README, "Moving to a shop server").
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: ['electron/migrate-db-cli.ts'],
  outfile: 'dist/electron/migrate-db.js',
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
await import(pathToFileURL(join(root, 'dist/electron/migrate-db.js')).href);
