/** Electron IPC channel names; dependency-free so the sandboxed preload can bundle it alone. */
export const IPC_CALL_CHANNEL = 'paydesk:call';
export const IPC_EVENT_CHANNEL = 'paydesk:event';
