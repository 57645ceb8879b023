/**
 * Settling the attachments a kill left (claims whose message was never saved, files no
 * conversation refers to), once per start of the service. It starts in the background once
 * the window's first screen is shown, or at the first run, whichever comes first, and every
 * run waits for it: a run's claim must never meet a recovery that would drop it.
 */
import type { ConversationStore } from "../conversations/conversation-store";
import type { Attachments } from "./attachments";
import { conversationLookup } from "./conversation-lookup";

export class AttachmentRecovery {
  private recovery: Promise<{ removed: number }> | null = null;

  constructor(
    private readonly attachments: Attachments,
    private readonly store: ConversationStore,
  ) {}

  /** Starts it the first time; the same promise after. Rejects when it failed (it is also logged). */
  get result(): Promise<{ removed: number }> {
    if (!this.recovery) {
      this.recovery = this.attachments.recover(conversationLookup(this.store));
      this.recovery.catch((error) => console.warn(`Attachments could not be checked after the last run: ${error instanceof Error ? error.message : error}`));
    }
    return this.recovery;
  }

  /** What a run waits for: the recovery ended, however it ended (started now if it was not). */
  settled(): Promise<void> {
    return this.result.then(
      () => undefined,
      () => undefined,
    );
  }

  /** Before the store closes: the recovery (if it started) has ended, since it reads the store. */
  async ended(): Promise<void> {
    if (this.recovery) await this.settled();
  }
}
