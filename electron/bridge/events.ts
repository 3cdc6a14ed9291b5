/** Pushes PosApi events to whoever listens (IPC window, HTTP event streams). Publish after commit. */
import type { PosEventMessage, PosEventName, PosEvents } from '../../shared/posapi.js';

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
