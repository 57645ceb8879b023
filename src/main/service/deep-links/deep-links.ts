/**
 * `alpine://` links as the service receives them from the system: each is read
 * (deep-link-parser.ts), checked against what is here (the conversation exists, the server
 * name is free), and kept for the window, which takes them when it can show them (at its
 * start, or on the `deep_links_waiting` event). Nothing here sends, adds or starts anything:
 * the window shows what a link asks and the person acts through the app's usual requests.
 */
import type { DeepLinkAction } from "../../../shared/deep-link-types";
import type { AppEventBus } from "../app-event-bus";
import { ConversationNotFoundError } from "../service-errors";
import { DeepLinkConversationNotFoundError, DeepLinkError, DeepLinkServerExistsError } from "./deep-link-errors";
import { parseDeepLink, type ParsedDeepLink } from "./deep-link-parser";

/** A flood of links keeps only the newest this many for the window. */
export const MAX_WAITING_LINKS = 20;

export interface DeepLinksOptions {
  bus: AppEventBus;
  /** Throws ConversationNotFoundError when there is no such conversation. */
  assertConversation(id: string): Promise<unknown>;
  /** The MCP servers set up now. */
  serverNames(): string[];
}

export class DeepLinks {
  private readonly waiting: DeepLinkAction[] = [];

  constructor(private readonly options: DeepLinksOptions) {}

  /** Reads and checks one link, keeps what it asks (or why it is refused) for the window, and says so. */
  async receive(link: string): Promise<DeepLinkAction> {
    const action = await this.resolve(link);
    this.offer(action);
    return action;
  }

  /** Keeps an action for the window from the app itself (a notification's or the tray's click opens a conversation). */
  offer(action: DeepLinkAction): void {
    this.waiting.push(action);
    if (this.waiting.length > MAX_WAITING_LINKS) this.waiting.splice(0, this.waiting.length - MAX_WAITING_LINKS);
    this.options.bus.emit({ type: "deep_links_waiting" });
  }

  /** What the links received so far ask, oldest first; each is handed out once. */
  take(): DeepLinkAction[] {
    return this.waiting.splice(0);
  }

  /** The action a link asks for, or its refusal: never throws. */
  async resolve(link: string): Promise<DeepLinkAction> {
    try {
      return await this.actionOf(parseDeepLink(link));
    } catch (error) {
      // A DeepLinkError says what was wrong with the link; anything else (a database that cannot be read) is said as it is.
      const refusal = error instanceof Error ? error : new DeepLinkError(String(error));
      return { kind: "refused", error: { name: refusal.name, message: refusal.message } };
    }
  }

  private async actionOf(parsed: ParsedDeepLink): Promise<DeepLinkAction> {
    switch (parsed.action) {
      case "conversation":
        try {
          await this.options.assertConversation(parsed.id);
        } catch (error) {
          if (error instanceof ConversationNotFoundError) throw new DeepLinkConversationNotFoundError(parsed.id);
          throw error;
        }
        return { kind: "open_conversation", conversationId: parsed.id };
      case "new":
        return { kind: "new_conversation", text: parsed.text };
      case "mcp/install":
        if (this.options.serverNames().includes(parsed.name)) throw new DeepLinkServerExistsError(parsed.name);
        return { kind: "add_mcp_server", server: { name: parsed.name, command: parsed.command, args: parsed.args, envNames: parsed.envNames } };
    }
  }
}
