/**
 * PosApi: the only door between the renderer and the main process. Commands are
 * name -> args -> result; events are pushed. Electron serves it over IPC (preload.ts), the
 * headless host over HTTP + an event stream; the renderer never knows which.
 * Args are validated with these schemas on the main side before any handler runs.
 */
import { z } from 'zod';

export const GatewayModeSchema = z.enum(['sandbox', 'live']);
export type GatewayMode = z.infer<typeof GatewayModeSchema>;

export interface AppInfo {
  name: 'Paydesk';
  version: string;
  /** The embedded gateway's mode. */
  mode: GatewayMode;
  /** Base URL of the gateway the till talks to (ends without a slash; paths start with /v1). */
  gatewayUrl: string;
  dataDir: string;
  /** Which shell serves the PosApi. */
  shell: 'electron' | 'host';
}

/** Command argument schemas. Adding a command: add its schema here and its result to PosResults. */
export const posArgSchemas = {
  'app.info': z.object({}).strict(),
} as const;

export interface PosResults {
  'app.info': AppInfo;
}

export type PosCommand = keyof typeof posArgSchemas & keyof PosResults;
export type PosArgs<K extends PosCommand> = z.input<(typeof posArgSchemas)[K]>;
export type PosResult<K extends PosCommand> = PosResults[K];

/** The main side's implementation is checked against this (`satisfies PosHandlers`). */
export type PosHandlers = { [K in PosCommand]: (args: z.output<(typeof posArgSchemas)[K]>) => Promise<PosResult<K>> };

export interface PosEvents {
  /** The main process is alive; sent on connect so the renderer knows the stream works. */
  hello: { at: number };
}
export type PosEventName = keyof PosEvents;
export interface PosEventMessage<K extends PosEventName = PosEventName> {
  event: K;
  payload: PosEvents[K];
}

/** What the renderer sees, whatever the transport. */
export interface PosApi {
  call<K extends PosCommand>(command: K, args: PosArgs<K>): Promise<PosResult<K>>;
  subscribe(listener: (message: PosEventMessage) => void): () => void;
}

/** Errors cross the door as this shape; `field` names the bad argument when there is one. */
export interface PosErrorShape {
  code: string;
  message: string;
  field?: string;
}

export class PosError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PosError';
  }
  toShape(): PosErrorShape {
    return this.field === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, field: this.field };
  }
}

export function isPosCommand(name: string): name is PosCommand {
  return Object.prototype.hasOwnProperty.call(posArgSchemas, name);
}

export { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from './ipc.js';
