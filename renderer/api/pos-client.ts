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

export function httpPosApi(baseUrl: string, token: string, fetchImpl: typeof fetch = fetch.bind(globalThis)): PosApi {
  return {
    async call<K extends PosCommand>(command: K, args: PosArgs<K>): Promise<PosResult<K>> {
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
      const source = new EventSource(`${baseUrl}/pos/events?token=${encodeURIComponent(token)}`);
      source.onmessage = (event: MessageEvent<string>) => listener(JSON.parse(event.data) as PosEventMessage);
      return () => source.close();
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
  const token = document.querySelector<HTMLMetaElement>('meta[name="paydesk-token"]')?.content ?? '';
  return httpPosApi(window.location.origin, token);
}
