/**
 * The sandboxed preload: exposes the PosApi to the page as `window.paydeskBridge`, and nothing
 * else (no ipcRenderer, no Node). One of the two files allowed to import electron.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../shared/ipc.js';
import type { PaydeskBridge, PosEventMessage, PosOutcome } from '../shared/posapi.js';

const bridge: PaydeskBridge = {
  invoke: (command: string, args: unknown): Promise<PosOutcome> =>
    ipcRenderer.invoke(IPC_CALL_CHANNEL, command, args) as Promise<PosOutcome>,
  onEvent(listener: (message: PosEventMessage) => void): () => void {
    const forward = (_event: IpcRendererEvent, message: PosEventMessage): void => listener(message);
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('paydeskBridge', bridge);
