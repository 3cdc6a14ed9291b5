#!/usr/bin/env node
// `npm run -s restore -- --from FILE --data DIR`: builds what is stale, then restores (electron/restore-cli.ts).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (built.status !== 0) process.exit(built.status ?? 1);
await import(pathToFileURL(join(root, 'dist/electron/restore.js')).href);
