/** What the person has written and not sent, per conversation ("new": a new one), while the window is open. */
export const composerDrafts = new Map<string, string>();

export const NEW_CONVERSATION_DRAFT = "new";
