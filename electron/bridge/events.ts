/** Pushes PosApi events to whoever listens (IPC window, HTTP event streams). Publish after commit. */
import type { PosEventMessage, PosEventName, PosEvents } from '../../shared/posapi.js';
import type { PosService } from './dispatch.js';

/**
 * A connection's listener that hears an order's news only while someone who may read orders is
 * signed in on it: a locked till's page must not keep receiving sales (README, "Staff and roles").
 * Connection and settings news pass (a signed-out page still shows the link and the shop's name).
 */
export function eventsFor(
  pos: Pick<PosService, 'mayHearOrders'>,
  connection: string,
  listener: (message: PosEventMessage) => void,
): (message: PosEventMessage) => void {
  return (message) => {
    if (message.event === 'order.updated' && !pos.mayHearOrders(connection)) return;
    listener(message);
  };
}

export class PosEventHub {
  private readonly listeners = new Set<(message: PosEventMessage) => void>();

  publish<K extends PosEventName>(event: K, payload: PosEvents[K]): void {
    const message = { event, payload } as PosEventMessage;
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch {
        // One broken listener (a closed window, a dead stream) must not stop the others.
      }
    }
  }

  subscribe(listener: (message: PosEventMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }
}
