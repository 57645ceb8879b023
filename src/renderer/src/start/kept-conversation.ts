/**
 * The kept first screen's conversation, handed to the live app as it takes over: the app's
 * first render makes the sidebar and the pane live and shows these kept rows in the pane, and
 * the conversation's own list is rendered in the next task. That first task is then about half
 * as long, so the sidebar answers sooner, and the conversation never leaves the screen between
 * the kept screen and the live list. Only for the conversation the kept screen showed, and only
 * once: what the app opens later is rendered live at once.
 */

interface KeptConversation {
  conversationId: string;
  /** The kept screen's scroller of rows (first-screen-markup.ts), taken out of the kept screen. */
  rows: HTMLElement;
}

let kept: KeptConversation | null = null;

/** Takes the rows of `conversationId` out of the kept screen in `keptScreen`, if it shows them. */
export function takeKeptConversation(keptScreen: ParentNode, conversationId: string): void {
  const rows = keptScreen.querySelector<HTMLElement>(".first-screen .conversation__scroller");
  kept = rows ? { conversationId, rows } : null;
  rows?.remove();
}

/** The kept rows of `conversationId`, until the live list has replaced them (or null). */
export function keptConversationRows(conversationId: string): HTMLElement | null {
  return kept && kept.conversationId === conversationId ? kept.rows : null;
}

/** The live list has taken the kept rows' place: they are not shown again. */
export function dropKeptConversation(): void {
  kept = null;
}
