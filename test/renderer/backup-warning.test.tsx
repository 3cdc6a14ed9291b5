/** The status bar's backup warning (README, "Backups"): said when the books are not safe, quiet otherwise. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PosApiContext } from '../../renderer/app/api-context.js';
import { BackupWarning } from '../../renderer/components/BackupWarning.js';
import type { BackupHealth, PosApi } from '../../shared/posapi.js';

function renderWith(health: BackupHealth) {
  const api: PosApi = {
    call: (async (command: string) => {
      if (command === 'backup.health') return health;
      throw new Error(`unexpected ${command}`);
    }) as PosApi['call'],
    subscribe: () => () => {},
  };
  return render(
    <PosApiContext.Provider value={api}>
      <QueryClientProvider client={new QueryClient()}>
        <BackupWarning />
        <p>rendered</p>
      </QueryClientProvider>
    </PosApiContext.Provider>,
  );
}

describe('BackupWarning', () => {
  it.each([
    [{ configured: true, overdue: true, lastSuccessAt: 1, failing: false }, /No backup for more than two days/],
    [{ configured: true, overdue: false, lastSuccessAt: 1, failing: true }, /Backups are failing/],
    [{ configured: false, overdue: true, lastSuccessAt: 0, failing: false }, /This till has no backups/],
  ])('warns for %j', async (health, text) => {
    renderWith(health);
    expect((await screen.findByRole('status')).textContent).toMatch(text);
  });

  it('says nothing while backups are fine, or on a new till without them', async () => {
    for (const health of [
      { configured: true, overdue: false, lastSuccessAt: 1, failing: false },
      { configured: false, overdue: false, lastSuccessAt: 0, failing: false },
    ]) {
      const { unmount } = renderWith(health);
      await screen.findByText('rendered');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole('status')).toBeNull();
      unmount();
    }
  });
});
