/** What a person does in the window, as steps the tests share. */
import type { AppWindow, LoggedEvent } from "./app-window";
import type { Locator } from "playwright-core";

/** Types `text` in the composer and presses Enter; returns the event mark taken just before. */
export async function sendMessage(window: AppWindow, text: string): Promise<number> {
  const since = await window.mark();
  const field = window.page.getByRole("textbox", { name: "Message" });
  await field.fill(text);
  await field.press("Enter");
  return since;
}

/** Opens a new conversation with `text`; resolves with its id once its run has started. */
export async function startConversation(window: AppWindow, text: string): Promise<{ id: string; since: number }> {
  await window.page.getByRole("button", { name: "New conversation" }).click();
  const since = await sendMessage(window, text);
  const started = await window.waitFor("message-sent", { kind: "start" }, since);
  return { id: started.detail.id, since };
}

/** Settings → Choose… (the host's folder dialog answers with the work folder) → Save. */
export async function chooseWorkFolder(window: AppWindow): Promise<void> {
  const since = await window.mark();
  await window.page.getByRole("button", { name: "Settings", exact: true }).click();
  await window.page.getByRole("button", { name: "Choose…" }).click();
  await window.waitFor("folder-chosen", {}, since);
  await window.page.getByRole("button", { name: "Save" }).click();
  await window.waitFor("settings-closed", {}, since);
}

export function conversationRow(window: AppWindow, id: string) {
  return window.page.locator(`.conversation-row[data-conversation-id="${id}"]`);
}

/**
 * Conversation `id` shown, with the `conversation-opened` event that showed it. After a relaunch the
 * window reopens by itself the conversation open at the last quit or kill, as soon as its code has
 * loaded (before or after this is called); any other is opened from the sidebar. A click on the row
 * of the conversation already shown opens nothing again.
 */
export async function reopenConversation(window: AppWindow, id: string): Promise<LoggedEvent> {
  const row = conversationRow(window, id);
  await row.waitFor();
  // Marked first: an opening by the window itself after this point is waited for below, one before it is found here.
  const since = await window.mark();
  const shown = (await window.events("conversation-opened")).at(-1);
  const isShown = (shown?.detail as { id?: string } | undefined)?.id === id && (await row.locator('[aria-current="page"]').count()) > 0;
  if (shown && isShown) return shown;
  await row.getByRole("button").first().click();
  return window.waitFor("conversation-opened", { id }, since);
}

/**
 * Scrolls a list the way a person does: a turn of the wheel over it, then the position set
 * (`to`: its top, its end, or by a number of pixels). The message list leaves its end only for
 * the person's own input. Returns how far the view then is from the list's end, in pixels.
 */
export function scrollList(scroller: Locator, to: "top" | "end" | number): Promise<number> {
  return scroller.evaluate((element: any, to) => {
    element.dispatchEvent(new (globalThis as any).WheelEvent("wheel", { bubbles: true, deltaY: to === "end" || (typeof to === "number" && to > 0) ? 100 : -100 }));
    element.scrollTop = to === "top" ? 0 : to === "end" ? element.scrollHeight : element.scrollTop + to;
    return element.scrollHeight - element.scrollTop - element.clientHeight;
  }, to);
}
