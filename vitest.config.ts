import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync } from 'node:fs';

/**
 * The gateway's own tests, run a second time with its state in PostgreSQL (issue 20: one interface,
 * two engines; test/helpers/engine.ts). Where PostgreSQL is absent this project is left out with one
 * line, unless E2E=required (CI), where its tests then fail.
 */
const ON_BOTH_ENGINES = [
  'test/api/gateway-conformance.test.ts',
  'test/api/state-machine.test.ts',
  'test/api/callbacks.test.ts',
  'test/api/restart.test.ts',
  'test/api/refunds.test.ts',
  'test/api/refunds-refusals.test.ts',
  'test/api/surplus-results.test.ts',
  'test/api/sdk-mixpayjs.test.ts',
  'test/api/tills.test.ts',
  'test/api/tills-shop.test.ts',
];
const debianPg = '/usr/lib/postgresql';
const hasPostgres =
  (existsSync(debianPg) && readdirSync(debianPg).some((v) => existsSync(`${debianPg}/${v}/bin/initdb`))) ||
  (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(`${dir}/initdb`));
if (!hasPostgres && process.env.E2E !== 'required') console.log('skipped: the postgres project (no PostgreSQL)');
const postgresProject = {
  test: {
    name: 'postgres',
    include: ON_BOTH_ENGINES,
    environment: 'node' as const,
    pool: 'forks' as const,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { PAYDESK_TEST_ENGINE: 'postgres' },
  },
};

// Two projects: everything on the Node side, and renderer components under happy-dom.
export default defineConfig({
  test: {
    projects: [
      ...(hasPostgres || process.env.E2E === 'required' ? [postgresProject] : []),
      {
        test: {
          name: 'node',
          include: [
            'test/unit/**/*.test.ts',
            'test/api/**/*.test.ts',
            'test/chain/**/*.test.ts',
            'test/e2e/**/*.test.ts',
          ],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.tsx', 'test/renderer/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['test/renderer/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
