/** `npm run bench [-- name...]`: runs the benchmarks (all by default). They print figures, never pass/fail. */
import { runApiBench } from './api.js';
import { runBackupBench } from './backup.js';
import { runBeyondBench } from './beyond.js';
import { runCallbackBench } from './callbacks.js';
import { runCreateSqlBench } from './create-sql.js';
import { runTillBench } from './till.js';
import { runEvmBench } from './evm.js';
import { runPgBench } from './pg.js';
import { runReportBench } from './report.js';
import { runServerBench } from './server.js';

const benches: Record<string, () => Promise<void>> = {
  api: runApiBench,
  'create-sql': runCreateSqlBench,
  callbacks: runCallbackBench,
  till: runTillBench,
  evm: runEvmBench,
  backup: runBackupBench,
  pg: runPgBench,
  report: runReportBench,
  server: runServerBench,
  beyond: runBeyondBench,
};
const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
for (const name of chosen.length ? chosen : Object.keys(benches)) {
  const bench = benches[name];
  if (!bench) {
    console.error(`unknown benchmark: ${name} (have: ${Object.keys(benches).join(', ')})`);
    process.exit(2);
  }
  await bench();
}
