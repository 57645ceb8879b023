/**
 * What the entry hands to the app chunk: the page's root element and the first request already
 * sent. Kept here, not passed to a function after the chunk has loaded, so the chunk starts the
 * app while it runs (start-app.tsx says why).
 */
import type { EarlyStart } from "./first-request";
import type { KeptScreen } from "./kept-screen";
import type { ShownLanguage } from "../i18n/start-language";

export interface PendingStart {
  rootElement: HTMLElement;
  early: EarlyStart;
  /** The first screen kept from the last session, shown until the app takes over. */
  kept: KeptScreen | null;
  /** The language the first screen shows, with its catalogue loaded. */
  language: ShownLanguage;
}

let pending: PendingStart | null = null;

export function keepPendingStart(start: PendingStart): void {
  pending = start;
}

/** The start kept by the entry, once: null when there is none (or it was taken). */
export function takePendingStart(): PendingStart | null {
  const start = pending;
  pending = null;
  return start;
}
