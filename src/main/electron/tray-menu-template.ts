/**
 * The tray (menu bar) menu, as a template made from what runs and waits: New conversation,
 * Quick entry, the running conversations with what they do, the ones waiting for an approval
 * or an answer, Show Alpine, Quit. Types only from electron, so it is built and checked
 * without the binary (https://www.electronjs.org/docs/latest/api/menu#menubuildfromtemplatetemplate).
 */
import type { MenuItemConstructorOptions } from "electron";
import type { AttentionSnapshot, AttentionState } from "../service/attention/attention";
import type { Words } from "../service/words/words";

/** At most this many conversations per list: a tray menu is a glance, the window has the rest. */
export const TRAY_LIST_LIMIT = 8;

export type TrayAction =
  | { kind: "new-conversation" }
  | { kind: "quick-entry" }
  | { kind: "open"; conversationId: string }
  | { kind: "show" }
  | { kind: "quit" };

type Item = MenuItemConstructorOptions;

export function trayMenuTemplate(snapshot: AttentionSnapshot, act: (action: TrayAction) => void, options: { quickEntry: boolean; words: Words }): Item[] {
  const { words } = options;
  const item = (label: string, action: TrayAction, id?: string): Item => ({ label, ...(id ? { id } : {}), click: () => act(action) });
  const list = (heading: string, entries: AttentionSnapshot["running"], withState: boolean): Item[] => {
    if (entries.length === 0) return [];
    const shown = entries.slice(0, TRAY_LIST_LIMIT).map((entry) =>
      item(
        withState ? words.t("tray.entry", { title: entry.title, state: stateText(entry.state, words) }) : entry.title,
        { kind: "open", conversationId: entry.conversationId },
        `open:${entry.conversationId}`,
      ),
    );
    const more: Item[] = entries.length > TRAY_LIST_LIMIT ? [{ label: words.t("tray.more", { count: entries.length - TRAY_LIST_LIMIT }), enabled: false }] : [];
    return [{ type: "separator" }, { label: heading, enabled: false }, ...shown, ...more];
  };
  return [
    item(words.t("tray.newConversation"), { kind: "new-conversation" }, "new-conversation"),
    ...(options.quickEntry ? [item(words.t("tray.quickEntry"), { kind: "quick-entry" }, "quick-entry")] : []),
    ...list(words.t("tray.running", { count: snapshot.running.length }), snapshot.running, true),
    ...list(words.t("tray.waiting", { count: snapshot.waiting.length }), snapshot.waiting, false),
    { type: "separator" },
    item(words.t("tray.show"), { kind: "show" }, "show"),
    item(words.t("tray.quit"), { kind: "quit" }, "quit"),
  ];
}

/** What a running conversation does now, in words. */
export function stateText(state: AttentionState, words: Words): string {
  return state.kind === "using" ? words.t("tray.state.using", { tool: state.tool }) : words.t(`tray.state.${state.kind}`);
}

/** The tray icon's tooltip: what runs and waits, in words. */
export function trayTooltip(snapshot: AttentionSnapshot, words: Words): string {
  const running = snapshot.running.length;
  const waiting = snapshot.waiting.length;
  if (running > 0 && waiting > 0) return words.t("tray.tooltip.both", { running, waiting });
  if (running > 0) return words.t("tray.tooltip.running", { count: running });
  if (waiting > 0) return words.t("tray.tooltip.waiting", { count: waiting });
  return "Alpine";
}
