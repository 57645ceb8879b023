/**
 * The one stream of app events (step events of every conversation, list changes) that
 * the transport forwards to the window. A listener that throws is reported and does not
 * stop the others, so a broken window connection cannot break a run.
 */
import type { AppEvent } from "../../shared/ipc-contract";

export type AppEventListener = (event: AppEvent) => void;

export class AppEventBus {
  private readonly listeners = new Set<AppEventListener>();

  /** Returns the unsubscribe function. */
  on(listener: AppEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: AppEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error("An app event listener failed:", error);
      }
    }
  }
}
