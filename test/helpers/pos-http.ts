/**
 * The headless host's PosApi over real HTTP (POST /pos/call/<command> with the page's token), and the
 * staff steps tests share: first-run Setup that makes the owner account, adding staff, signing in.
 */
import type { Browser, Page } from 'playwright-core';
import type { HostProcess } from './host.js';

export interface PosAnswer {
  status: number;
  ok: boolean;
  result: any;
  error: { code: string; message: string; field?: string } | undefined;
}

export interface PosHttp {
  token: string;
  /** The answer whatever it is (status and outcome). */
  send(command: string, args?: unknown): Promise<PosAnswer>;
  /** The result, or a thrown error carrying the error shape. */
  call(command: string, args?: unknown): Promise<any>;
  signIn(accountId: string, pin: string): Promise<any>;
}

export async function posOverHttp(host: Pick<HostProcess, 'url'>): Promise<PosHttp> {
  const html = await (await fetch(`${host.url}/`)).text();
  const token = /name="paydesk-token" content="([0-9a-f]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no PosApi token in the page');
  const send = async (command: string, args: unknown = {}): Promise<PosAnswer> => {
    const response = await fetch(`${host.url}/pos/call/${command}`, {
      method: 'POST',
      body: JSON.stringify(args),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { ok: boolean; result?: unknown; error?: PosAnswer['error'] };
    return { status: response.status, ok: body.ok, result: body.result, error: body.error };
  };
  const call = async (command: string, args: unknown = {}): Promise<any> => {
    const answer = await send(command, args);
    if (!answer.ok) throw Object.assign(new Error(`${command}: ${answer.error?.message}`), answer.error);
    return answer.result;
  };
  return { token, send, call, signIn: (accountId, pin) => call('staff.signIn', { accountId, pin }) };
}

/** First-run Setup with the owner's PIN, then a cashier and a manager; answers their account ids. */
export async function staffedTill(
  pos: PosHttp,
  pins = { owner: '2468', cashier: '1111', manager: '2222' },
): Promise<{ cashier: string; manager: string }> {
  await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: pins.owner });
  const cashier = await pos.call('staff.add', { name: 'Cora Cashier', role: 'cashier', pin: pins.cashier });
  const manager = await pos.call('staff.add', { name: 'Max Manager', role: 'manager', pin: pins.manager });
  return { cashier: cashier.accountId, manager: manager.accountId };
}

/**
 * Makes a browser tab already on the till's page use the same PosApi token (so the same staff session)
 * as `pos`: the tab keeps its token in sessionStorage and presents it again on reload, as a cashier's F5
 * does. Each page the host serves otherwise starts signed out (README "Security").
 */
export async function adoptSession(
  page: { evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>; reload(): Promise<unknown> },
  pos: PosHttp,
): Promise<void> {
  await page.evaluate(
    (token: string) =>
      (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }).sessionStorage.setItem(
        'paydesk-page-token',
        token,
      ),
    pos.token,
  );
  await page.reload();
}

/**
 * A touch-capable tab of its own at `viewport`, on the till's page, holding `pos`'s signed-in session
 * (adoptSession): how the e2e tests that sign in over HTTP open the till.
 */
export async function tabWithSession(
  browser: Browser,
  url: string,
  pos: PosHttp,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(url);
  await adoptSession(page, pos);
  return page;
}
