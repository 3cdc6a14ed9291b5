import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from '../../renderer/app/App.js';
import type { AppInfo, PosApi } from '../../shared/posapi.js';

function fakeApi(info: Partial<AppInfo>): PosApi {
  return {
    call: (async (command: string) => {
      if (command === 'app.info')
        return {
          name: 'Paydesk',
          version: '9.9.9',
          mode: 'sandbox',
          gatewayUrl: 'http://x',
          dataDir: '/d',
          shell: 'host',
          ...info,
        };
      throw new Error(`unexpected ${command}`);
    }) as PosApi['call'],
    subscribe: () => () => {},
  };
}

describe('App shell', () => {
  it('marks sandbox mode as TEST MODE with an accessible name', async () => {
    render(<App api={fakeApi({ mode: 'sandbox' })} />);
    expect(await screen.findByLabelText('Test mode: no real money moves')).toHaveProperty('textContent', 'TEST MODE');
    expect(screen.getByText('v9.9.9')).toBeTruthy();
  });

  it('shows no test marker in live mode', async () => {
    render(<App api={fakeApi({ mode: 'live', version: '1.2.3' })} />);
    await screen.findByText('v1.2.3');
    expect(screen.queryByText('TEST MODE')).toBeNull();
  });
});
