/**
 * The tray (menu bar) menu, as a template made from what runs and waits: New conversation,
 * Quick entry, the running conversations with what they do, the ones waiting for an approval
 * or an answer, Show Alpine, Quit. Types only from electron, so it is built and checked
 * without the binary (https://www.electronjs.org/docs/latest/api/menu#menubuildfromtemplatetemplate).
 */
import type { MenuItemConstructorOptions } from "electron";
import type { AttentionSnapshot } from "../service/attention/attention";

/** At most this many conversations per list: a tray menu is a glance, the window has the rest. */
export const TRAY_LIST_LIMIT = 8;

export type TrayAction =
  | { kind: "new-conversation" }
  | { kind: "quick-entry" }
  | { kind: "open"; conversationId: string }
  | { kind: "show" }
  | { kind: "quit" };

type Item = MenuItemConstructorOptions;

export function trayMenuTemplate(snapshot: AttentionSnapshot, act: (action: TrayAction) => void, options: { quickEntry: boolean }): Item[] {
  const item = (label: string, action: TrayAction, id?: string): Item => ({ label, ...(id ? { id } : {}), click: () => act(action) });
  const list = (heading: string, entries: AttentionSnapshot["running"], withState: boolean): Item[] => {
    if (entries.length === 0) return [];
    const shown = entries.slice(0, TRAY_LIST_LIMIT).map((entry) =>
      item(withState ? `${entry.title} — ${entry.state}` : entry.title, { kind: "open", conversationId: entry.conversationId }, `open:${entry.conversationId}`),
    );
    const more: Item[] = entries.length > TRAY_LIST_LIMIT ? [{ label: `and ${entries.length - TRAY_LIST_LIMIT} more…`, enabled: false }] : [];
    return [{ type: "separator" }, { label: heading, enabled: false }, ...shown, ...more];
  };
  return [
    item("New Conversation", { kind: "new-conversation" }, "new-conversation"),
    ...(options.quickEntry ? [item("Quick Entry", { kind: "quick-entry" }, "quick-entry")] : []),
    ...list(`Running (${snapshot.running.length})`, snapshot.running, true),
    ...list(`Waiting for you (${snapshot.waiting.length})`, snapshot.waiting, false),
    { type: "separator" },
    item("Show Alpine", { kind: "show" }, "show"),
    item("Quit Alpine", { kind: "quit" }, "quit"),
  ];
}

/** The tray icon's tooltip: what runs and waits, in words. */
export function trayTooltip(snapshot: AttentionSnapshot): string {
  const parts = [
    snapshot.running.length > 0 ? `${snapshot.running.length} running` : null,
    snapshot.waiting.length > 0 ? `${snapshot.waiting.length} waiting for you` : null,
  ].filter(Boolean);
  return parts.length === 0 ? "Alpine" : `Alpine: ${parts.join(", ")}`;
}
