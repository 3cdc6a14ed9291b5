import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: everything on the Node side, and renderer components under happy-dom.
export default defineConfig({
  test: {
    projects: [
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
