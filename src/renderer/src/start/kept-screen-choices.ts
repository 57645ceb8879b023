/**
 * What the person did on the kept first screen (kept-screen.ts), done by the live app as it
 * takes over: the words typed go to the composer of the conversation they were typed for
 * before the first render; after it, the conversation chosen is opened and, if they pressed
 * Enter, the composer sends the words as if they had pressed it there (its own checks and
 * failure handling apply).
 */
import { composerDrafts, NEW_CONVERSATION_DRAFT } from "../lib/composer-drafts";
import { useAppStore } from "../store/app-store";
import type { KeptScreenChoices } from "./kept-screen";

/** Before the first render: the typed words into the right composer. */
export function draftFromKeptScreen(choices: KeptScreenChoices | undefined): void {
  if (!choices?.draft) return;
  const draftFor = "open" in choices ? choices.open : useAppStore.getState().openId;
  composerDrafts.set(draftFor ?? NEW_CONVERSATION_DRAFT, choices.draft);
}

/** After the first render: open what was chosen, then send what was sent. */
export async function carryOutKeptScreenChoices(choices: KeptScreenChoices | undefined): Promise<void> {
  if (!choices) return;
  const store = useAppStore.getState();
  if ("open" in choices && choices.open !== store.openId) await store.openConversation(choices.open ?? null);
  if (!choices.send || !choices.draft.trim()) return;
  // The composer of that conversation is rendered in the frame after it opened.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  document.querySelector<HTMLFormElement>("form.composer")?.requestSubmit();
}
