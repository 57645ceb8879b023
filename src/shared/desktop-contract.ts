/**
 * The desktop's part of the IPC contract (spread into ipc-contract.ts): alpine:// links,
 * quick entry, and what the desktop layer could not do; the desktop settings a window may change.
 */
import { z } from "zod";
import type { DeepLinkAction } from "./deep-link-types";
import type { DesktopStatus } from "./desktop-types";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "a conversation id: 1 to 128 letters, digits, _ or -");

/** A change of some desktop settings (part of settings:set). */
export const desktopSettingsChange = () =>
  z
    .object({
      notifyRunEnded: z.boolean(),
      notifyWaiting: z.boolean(),
      badgeCount: z.boolean(),
      tray: z.boolean().nullable(),
      keepRunningInTray: z.boolean(),
      quickEntryShortcut: z.string().max(100),
      quickEntryContinues: z.boolean(),
      openAtLogin: z.boolean(),
    })
    .partial()
    .strict();

export const desktopRequestSchemaMakers = {
  /** What the alpine:// links received since the last call ask (each handed out once). */
  "links:take": () => z.object({}).strict(),
  /** What the desktop layer could not do (a quick-entry shortcut another app holds). */
  "desktop:status": () => z.object({}).strict(),
  /** Quick entry's "Open in Alpine": the main window comes forward on this conversation. */
  "quick:openInMain": () => z.object({ id }).strict(),
  /** Quick entry's Escape: its window hides. */
  "quick:hide": () => z.object({}).strict(),
} as const;

export interface DesktopRequestResults {
  "links:take": DeepLinkAction[];
  "desktop:status": DesktopStatus;
  "quick:openInMain": { ok: true };
  "quick:hide": { ok: true };
}
