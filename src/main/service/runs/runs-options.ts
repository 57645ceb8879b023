/** What the runs are made with: the store, settings, secrets, tools and the app's hooks. */
import type { ApprovalKey, Tool } from "../../agent";
import type { AppEventBus } from "../app-event-bus";
import type { Attachments } from "../attachments/attachments";
import type { ConversationStore } from "../conversations/conversation-store";
import type { ModelClientOptions } from "../models/model-client";
import type { ServiceGate } from "../service-gate";
import type { SecretKeeper } from "../settings/secret-keeper";
import type { SettingsFile } from "../settings/settings-file";
import type { KeyWaitFile } from "./key-wait";
import type { RunProviders } from "./run-provider";

/** A file of the composer sent with a message: the stored file's id and the name to show. */
export type MessageAttachment = { id: string; name: string };

export interface RunsOptions {
  store: ConversationStore;
  settings: SettingsFile;
  secrets: SecretKeeper;
  approvalKey: ApprovalKey;
  bus: AppEventBus;
  gate: ServiceGate;
  tools: Tool[];
  /** Tools found at each run's start (MCP servers' tools), named apart from `taken`. */
  moreTools?: (taken: string[]) => Promise<Tool[]>;
  client: ModelClientOptions;
  providers?: RunProviders; // Settings → Models' providers (see run-provider.ts)
  attachments: Attachments;
  /** The conversations whose message waits for an API key. */
  keyWait: KeyWaitFile;
  /** Throws when the conversation may not run here now (it runs on another machine). */
  assertFree?(id: string): void;
  /** Sets a conversation's title unless it is no longer its task (see titles.ts). */
  applyTitle(id: string, title: string): boolean | Promise<boolean>;
}
