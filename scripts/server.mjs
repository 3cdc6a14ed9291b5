#!/usr/bin/env node
// `npm run server`: builds what is stale, then runs the shop server (the gateway alone over
// PostgreSQL) in this same process, so signals sent to npm's child reach it directly.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (built.status !== 0) process.exit(built.status ?? 1);
await import(pathToFileURL(join(root, 'dist/electron/server.js')).href);
