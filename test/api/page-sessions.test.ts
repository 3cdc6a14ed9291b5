/**
 * The headless host gives every page it serves at / its own PosApi token and staff session: a second page
 * (another tab, the customer display's browser, `curl /`) starts signed out, whoever signed in elsewhere.
 * A page token the host drops ends the staff session it carried, and the audit log says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

let host: HostProcess;
let pageA: PosHttp;
let ids: { cashier: string; manager: string };

beforeAll(async () => {
  host = await startHost();
  pageA = await posOverHttp(host);
  ids = await staffedTill(pageA);
}, 60_000);

afterAll(async () => {
  await host?.stop();
});

const resume = (kept: string, fresh: string) =>
  fetch(`${host.url}/pos/page/resume`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${kept}` },
    body: JSON.stringify({ fresh }),
  });

describe('page sessions on the headless host', () => {
  it('a second page starts signed out while the owner is signed in on the first', async () => {
    expect((await pageA.call('staff.session')).role).toBe('owner');
    const pageB = await posOverHttp(host);
    expect(pageB.token).not.toBe(pageA.token);
    const list = await pageB.send('staff.list');
    expect(list.status).toBe(401);
    expect(list.error?.code).toBe('signed_out');
    expect((await pageB.send('staff.add', { name: 'Eve', role: 'owner', pin: '9999' })).status).toBe(401);
    await pageB.signIn(ids.cashier, '1111');
    expect((await pageB.call('staff.session')).role).toBe('cashier');
    expect((await pageB.send('staff.list')).status).toBe(403);
    // Page A is still the owner's.
    expect((await pageA.call('staff.session')).role).toBe('owner');
    expect((await pageA.call('staff.list')).length).toBeGreaterThanOrEqual(3);
  });

  it('a reloaded page keeps its token and session; the fresh one it gives back is dropped', async () => {
    const reload = await posOverHttp(host);
    expect((await resume(pageA.token, reload.token)).status).toBe(200);
    expect((await pageA.call('staff.session')).role).toBe('owner');
    expect((await reload.send('app.info')).error?.code).toBe('unauthorized');
    // A made-up token cannot be resumed, and the fresh one then stays usable (signed out).
    const another = await posOverHttp(host);
    expect((await resume('f'.repeat(64), another.token)).status).toBe(401);
    expect((await another.send('staff.list')).error?.code).toBe('signed_out');
  });

  it('65 page loads drop the oldest token and keep the newest', async () => {
    const first = await posOverHttp(host);
    expect((await first.send('staff.roster')).ok).toBe(true);
    let last: PosHttp = first;
    for (let i = 0; i < 64; i += 1) last = await posOverHttp(host);
    const dropped = await first.send('staff.roster');
    expect(dropped.status).toBe(401);
    expect(dropped.error?.code).toBe('unauthorized');
    expect((await last.send('staff.roster')).ok).toBe(true);
    const events = await fetch(`${host.url}/pos/events?token=${first.token}`);
    expect(events.status).toBe(401);
  });

  it('a dropped page ends the staff session it carried, and the audit log says why', async () => {
    // The manager signs in on no other page of this file: its lines are this page's alone.
    const managerPage = await posOverHttp(host);
    await managerPage.signIn(ids.manager, '2222');
    for (let i = 0; i < 64; i += 1) await posOverHttp(host);
    expect((await managerPage.send('staff.session')).error?.code).toBe('unauthorized');
    const owner = await posOverHttp(host);
    await owner.signIn('owner', '2468');
    const ended = (await owner.call('audit.list', { action: 'lock.page' })).entries.filter(
      (e: any) => e.actorId === ids.manager,
    );
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ actorName: 'Max Manager', subject: ids.manager });
    expect(JSON.parse(ended[0].detail)).toEqual({ reason: 'evicted' });
  });
});
