/**
 * The renderer's PosApi: Electron's preload exposes `window.paydesk`; in a browser served by the
 * headless host the same contract runs over HTTP with the page's token. Screens never know which.
 */
import type {
  PaydeskBridge,
  PosApi,
  PosArgs,
  PosCommand,
  PosErrorShape,
  PosEventMessage,
  PosOutcome,
  PosResult,
} from '../../shared/posapi.js';
import { errorText } from './error-text.js';

declare global {
  interface Window {
    /** Set by Electron's preload; absent in a browser served by the headless host. */
    paydeskBridge?: PaydeskBridge;
  }
}

/** A refusal; `message` is its text in the till's language (error-text.ts), `shape.message` the English one. */
export class PosCallError extends Error {
  constructor(readonly shape: PosErrorShape) {
    super(errorText(shape));
    this.name = 'PosCallError';
  }
}

export function httpPosApi(
  baseUrl: string,
  tokenOrPromise: string | Promise<string>,
  fetchImpl: typeof fetch = fetch.bind(globalThis),
): PosApi {
  const tokenReady = Promise.resolve(tokenOrPromise);
  return {
    async call<K extends PosCommand>(command: K, args: PosArgs<K>): Promise<PosResult<K>> {
      const token = await tokenReady;
      const response = await fetchImpl(`${baseUrl}/pos/call/${command}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(args ?? {}),
      });
      const outcome = (await response.json()) as PosOutcome;
      if (!outcome.ok) throw new PosCallError(outcome.error);
      return outcome.result as PosResult<K>;
    },
    subscribe(listener: (message: PosEventMessage) => void): () => void {
      let source: EventSource | undefined;
      let closed = false;
      void tokenReady.then((token) => {
        if (closed) return;
        source = new EventSource(`${baseUrl}/pos/events?token=${encodeURIComponent(token)}`);
        source.onmessage = (event: MessageEvent<string>) => listener(JSON.parse(event.data) as PosEventMessage);
      });
      return () => {
        closed = true;
        source?.close();
      };
    },
  };
}

/** Wraps Electron's preload bridge into the PosApi contract. */
export function bridgePosApi(bridge: PaydeskBridge): PosApi {
  return {
    async call<K extends PosCommand>(command: K, args: PosArgs<K>): Promise<PosResult<K>> {
      const outcome = await bridge.invoke(command, args ?? {});
      if (!outcome.ok) throw new PosCallError(outcome.error);
      return outcome.result as PosResult<K>;
    },
    subscribe: (listener) => bridge.onEvent(listener),
  };
}

/** Picks the transport: Electron's bridge when present, else HTTP to the page's own origin. */
export function connectPosApi(): PosApi {
  if (window.paydeskBridge) return bridgePosApi(window.paydeskBridge);
  const fresh = document.querySelector<HTMLMetaElement>('meta[name="paydesk-token"]')?.content ?? '';
  return httpPosApi(window.location.origin, pageToken(window.location.origin, fresh));
}

const TOKEN_KEY = 'paydesk-page-token';

/**
 * The tab's PosApi token. Each page the host serves gets a new one (a new tab or browser starts signed
 * out); the tab keeps its token in sessionStorage (per tab, survives a reload), so a reload presents it
 * again and keeps the signed-in session, and gives back the fresh one. A token the host no longer holds
 * (dropped, or the host restarted) is replaced by the fresh one: signed out. The token is never in a URL
 * the user sees.
 */
export async function pageToken(baseUrl: string, fresh: string, fetchImpl: typeof fetch = fetch.bind(globalThis)) {
  let kept: string | null;
  try {
    kept = window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return fresh;
  }
  if (kept && kept !== fresh) {
    const answer = await fetchImpl(`${baseUrl}/pos/page/resume`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${kept}` },
      body: JSON.stringify({ fresh }),
    }).catch(() => undefined);
    if (answer?.ok) return kept;
  }
  window.sessionStorage.setItem(TOKEN_KEY, fresh);
  return fresh;
}
