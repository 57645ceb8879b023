/**
 * The one IPC contract between the window and the main process: every request channel
 * with its argument schema and result type, and the one event channel. Main, preload,
 * renderer and the test transport all use this map; a channel missing from a handler
 * table fails to compile.
 */
import { z } from "zod";
import type { StepEvent } from "./wire-types";
import type { McpSettingsView } from "./mcp-types";
import type { BundleReview } from "./mcp-bundle-types";
import { type McpRequestResults, mcpRequestSchemaMakers } from "./mcp-contract";
import { type StorageRequestResults, storageRequestSchemaMakers } from "./storage-contract";
import { type ProvidersRequestResults, providerId, providersRequestSchemaMakers } from "./providers-contract";
import { lazySchemas } from "./lazy-schemas";
import { MAX_FIRST_SCREEN_CHARS } from "./kept-first-screen";
import { UNSAFE_TITLE_MESSAGE, hasUnsafeTitleText } from "./title-text";
import type { MoveProgress, StorageStatus } from "./storage-types";
import { EVENT_CHANNEL, type ListedRequestChannel } from "./ipc-channels";
import type { BackupsView, InstallAnswer, UpdateStatus } from "./update-types";
import type { HistoryEntryView, BranchFork, ConversationSummary, ConversationView, EntriesPage, SettingsView, AppInfo, InterruptedRuns, LaunchView } from "./view-types";
import type { AttachmentView, ModelListView, PriceTable, UsageTotals } from "./usage-types";
import type { ExportResult, ImportProgress, ImportReport } from "./transfer-types";
import type { DesktopSettings, DesktopStatus, WindowRequest } from "./desktop-types";
import { type DesktopRequestResults, desktopRequestSchemaMakers, desktopSettingsChange } from "./desktop-contract";
import { LANGUAGES, type LanguageCode, type LanguageSetting } from "./languages";
import type { DatabaseCheckView, DatabaseHealthView, ReadableExportView } from "./damage-types";

import { DEFAULT_LAUNCH_LIST, DEFAULT_PAGE_ENTRIES, DEFAULT_TAIL_ENTRIES, MAX_PAGE_ENTRIES } from "./page-sizes";

export { DEFAULT_LAUNCH_LIST, DEFAULT_PAGE_ENTRIES, DEFAULT_TAIL_ENTRIES, MAX_PAGE_ENTRIES };

const id = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "a conversation id: 1 to 128 letters, digits, _ or -");
const seq = z.number().int().min(0).max(100_000_000);
const text = z.string().min(1, "must not be empty").max(200_000, "at most 200,000 characters");
/** Files of the composer sent with a message: stored ids (SHA-256) and the names to show. */
const attachments = z
  .array(z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, "a stored attachment's id"), name: z.string().min(1).max(500) }).strict())
  .max(20, "at most 20 files per message")
  .optional();
const modelId = z.string().trim().min(1).max(200);
const thinkingBudget = z.number().int().min(0).max(200_000);
const price = z.object({ input: z.number().min(0), output: z.number().min(0), cacheWrite: z.number().min(0), cacheRead: z.number().min(0) }).strict();

/** Argument schemas, validated in main for every call from the window; each made at its channel's first call. */
export const requestSchemas = lazySchemas({
  "app:info": () => z.object({}).strict(),
  "conversations:list": () => z
    .object({
      offset: z.number().int().min(0).max(10_000_000).default(0),
      limit: z.number().int().min(1).max(500).default(100),
      query: z.string().max(500).optional(),
    })
    .strict(),
  /** The conversation with its newest `tail` entries (see `ConversationView.entries`). */
  "conversations:get": () => z
    .object({ id, tail: z.number().int().min(1).max(MAX_PAGE_ENTRIES).default(DEFAULT_TAIL_ENTRIES) })
    .strict(),
  /** Up to `limit` entries just before seq `beforeSeq` (a `firstSeq` the window got). */
  "conversations:entries": () => z
    .object({
      id,
      beforeSeq: z.number().int().min(0).max(100_000_000),
      limit: z.number().int().min(1).max(MAX_PAGE_ENTRIES).default(DEFAULT_PAGE_ENTRIES),
    })
    .strict(),
  "conversations:rename": () => z.object({ id, title: z.string().trim().min(1).max(300).refine((title) => !hasUnsafeTitleText(title), UNSAFE_TITLE_MESSAGE) }).strict(),
  "conversations:delete": () => z.object({ id }).strict(),
  /** A new conversation whose first message is `text`; it starts running. */
  "runs:start": () => z.object({ text, attachments, model: modelId.optional(), provider: providerId.optional(), thinkingBudget: thinkingBudget.nullable().optional() }).strict(),
  /** Add a message to a conversation and run it. */
  "runs:send": () => z.object({ id, text, attachments }).strict(),
  "runs:stop": () => z.object({ id }).strict(),
  /** Answer the open `ask` of a conversation (Allow/Deny of a file write is an answer too). */
  "runs:answer": () => z.object({ id, answer: text }).strict(),
  /** Continue an interrupted run (after a kill, an abort, or an error). */
  "runs:continue": () => z.object({ id }).strict(),
  /** Send `text` in place of the person's message at `seq`: a new branch, run at once (the old one is kept). */
  "runs:edit": () => z.object({ id, seq, text }).strict(),
  /** Ask again for the model's reply at `seq`: a new branch from the message before it, run at once. */
  "runs:regenerate": () => z.object({ id, seq }).strict(),
  /** A new conversation whose past is this one through the message at `seq`; saved, not run. */
  "conversations:branch": () => z.object({ id, seq }).strict(),
  /** Show branch `id` of its conversation from now on (the switcher's choice, kept across launches). */
  "conversations:switch": () => z.object({ id }).strict(),
  "settings:get": () => z.object({}).strict(),
  "settings:set": () => z
    .object({
      model: z.string().min(1).max(200).optional(),
      systemPrompt: z.string().max(50_000).optional(),
      folder: z.string().max(4096).nullable().optional(),
      desktop: desktopSettingsChange().optional(),
      language: z.enum(["system", ...LANGUAGES]).optional(),
      /** The provider of new conversations (an id of Settings → Models; null or "anthropic": Anthropic). */
      defaultProvider: z.string().regex(/^[a-z0-9-]{1,64}$/).nullable().optional(),
    })
    .strict(),
  /** The key goes to main only; it is never sent back to the window. Empty clears it. */
  "settings:setApiKey": () => z.object({ apiKey: z.string().max(500) }).strict(),
  /** Ask the person for a folder (a native dialog in the app). */
  "settings:chooseFolder": () => z.object({}).strict(),
  /** Store a file for the composer (checked by type and the API's limits); base64 of its bytes. */
  "attachments:add": () => z.object({ name: z.string().min(1).max(500), dataBase64: z.string().max(48 * 1024 * 1024) }).strict(),
  /** The conversation's own model (null: the settings' one) and thinking budget (0 or null: off). */
  /** `provider`: the provider of `model` (null: Anthropic). */
  "conversations:setOptions": () => z.object({ id, model: modelId.nullable().optional(), provider: providerId.nullable().optional(), thinkingBudget: thinkingBudget.nullable().optional() }).strict(),
  /** The models to choose from: the Models API's, else the built-in list. */
  "models:list": () => z.object({}).strict(),
  "prices:get": () => z.object({}).strict(),
  /** Change some models' prices (USD per million tokens); null puts a model back to its default. */
  "prices:set": () => z.object({ prices: z.record(modelId, price.nullable()) }).strict(),
  /** The first screen in one answer: settings, the sidebar's first page, the conversation open at the last quit. */
  "app:launch": () => z
    .object({
      listLimit: z.number().int().min(1).max(500).default(DEFAULT_LAUNCH_LIST),
      tail: z.number().int().min(1).max(MAX_PAGE_ENTRIES).default(DEFAULT_TAIL_ENTRIES),
    })
    .strict(),
  /** Which conversation the window shows (null: a new one), reopened at the next launch. */
  "window:remember": () => z.object({ openConversationId: id.nullable() }).strict(),
  /** The first screen as it looks now, shown at the next launch until the app is live (kept-first-screen.ts). */
  "window:keepFirstScreen": () => z
    .object({
      conversationId: id.nullable(),
      stylesheets: z.array(z.string().regex(/^[A-Za-z0-9_.-]{1,200}\.css$/, "a style sheet's file name")).min(1).max(10),
      html: z.string().max(MAX_FIRST_SCREEN_CHARS, `at most ${MAX_FIRST_SCREEN_CHARS.toLocaleString("en-US")} characters`),
      /** The language its words are in: a launch in another language does not show it. */
      language: z.string().regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/, "a language tag such as en or zh-TW").optional(),
      setting: z.enum(["system", ...LANGUAGES]).optional(),
    })
    .strict(),
  /** The conversations whose last run was cut short, asked for after the first screen is shown. */
  "conversations:interrupted": () => z.object({}).strict(),
  /** The window painted its first screen: what waited for it (MCP servers, checks) starts now. */
  "app:shown": () => z.object({}).strict(),
  /** The conversation's token usage and estimated cost (a view read as a page comes without them). */
  "conversations:usage": () => z.object({ id }).strict(),
  ...mcpRequestSchemaMakers,
  ...storageRequestSchemaMakers,
  ...providersRequestSchemaMakers,
  ...desktopRequestSchemaMakers,
  /** Keep the API key out of the disk (memory only, asked for at each start), or store it encrypted again. */
  "settings:setKeyStorage": () => z.object({ memoryOnly: z.boolean() }).strict(),
  "updates:status": () => z.object({}).strict(),
  /** Check the update feed now (a found update downloads in the background). */
  "updates:check": () => z.object({}).strict(),
  /** Restart and install the downloaded update; with runs going, only when `stopRuns` (they are stopped and saved first). */
  "updates:install": () => z.object({ stopRuns: z.boolean().default(false) }).strict(),
  /** The database's backup copies (taken before each migration), with their sizes. */
  "backups:list": () => z.object({}).strict(),
  /** Export one conversation (its shown branch or whole tree) or every conversation, as Markdown or Alpine JSON. */
  "transfer:export": () => z
    .object({ scope: z.enum(["shown", "tree", "all"]), format: z.enum(["markdown", "json"]), conversationId: id.optional() })
    .strict()
    .refine((args) => args.scope === "all" || args.conversationId !== undefined, {
      message: "a conversation id is needed unless everything is exported",
      path: ["conversationId"],
    }),
  /** Import a file (Alpine JSON, ChatGPT or Claude.ai export); without a path the app asks for one. Progress comes as `import_progress` events. */
  "transfer:import": () => z.object({ path: z.string().min(1).max(4096).optional() }).strict(),
  /**
   * A conversation listed as damaged, by the id the list showed (which may be garbled, so any
   * text): export the entries that still pass their check, or restore it from the latest backup.
   */
  "damaged:exportReadable": () => z.object({ listedId: z.string().min(1).max(1024), format: z.enum(["markdown", "json"]) }).strict(),
  "damaged:restore": () => z.object({ listedId: z.string().min(1).max(1024) }).strict(),
  /** Whether the last shutdown was unclean, and what the database check after it found. */
  "database:health": () => z.object({}).strict(),
} as const);

/** Result types of each request channel. */
export interface RequestResults extends McpRequestResults, StorageRequestResults, ProvidersRequestResults, DesktopRequestResults {
  "app:info": AppInfo;
  "conversations:list": { items: ConversationSummary[]; total: number };
  "conversations:get": ConversationView;
  "conversations:entries": EntriesPage;
  "conversations:rename": ConversationSummary;
  "conversations:delete": { deleted: true };
  "runs:start": { id: string };
  "runs:send": { ok: true };
  "runs:stop": { ok: true };
  "runs:answer": { ok: true };
  "runs:continue": { ok: true };
  "runs:edit": { id: string };
  "runs:regenerate": { id: string };
  "conversations:branch": { id: string };
  "conversations:switch": { id: string };
  "settings:get": SettingsView;
  "settings:set": SettingsView;
  "settings:setApiKey": SettingsView;
  "settings:chooseFolder": SettingsView;
  "attachments:add": AttachmentView;
  "conversations:setOptions": ConversationView;
  "models:list": ModelListView;
  "prices:get": PriceTable;
  "prices:set": PriceTable;
  "app:launch": LaunchView;
  "window:remember": { ok: true };
  "window:keepFirstScreen": { kept: boolean };
  "conversations:interrupted": InterruptedRuns;
  "app:shown": { ok: true };
  "conversations:usage": { id: string; usage: UsageTotals | null };
  "settings:setKeyStorage": SettingsView;
  "updates:status": UpdateStatus;
  "updates:check": UpdateStatus;
  "updates:install": InstallAnswer;
  "backups:list": BackupsView;
  /** null: the save dialog was cancelled. */
  "transfer:export": ExportResult | null;
  /** null: the open dialog was cancelled. */
  "transfer:import": ImportReport | null;
  /** null: the save dialog was cancelled. */
  "damaged:exportReadable": ReadableExportView | null;
  "damaged:restore": { id: string; backup: string };
  "database:health": DatabaseHealthView;
}

export type RequestChannel = keyof typeof requestSchemas;
export type RequestArgs<C extends RequestChannel> = z.input<(typeof requestSchemas)[C]>;
export type ParsedArgs<C extends RequestChannel> = z.output<(typeof requestSchemas)[C]>;

/** Every channel must have a result type and vice versa. */
type _EveryChannelHasAResult = [RequestChannel] extends [keyof RequestResults]
  ? [keyof RequestResults] extends [RequestChannel]
    ? true
    : never
  : never;
export const everyChannelHasAResult: _EveryChannelHasAResult = true;

/** The preload's allow-list (ipc-channels.ts) names exactly the channels of this map. */
type _AllowListIsTheContract = [RequestChannel] extends [ListedRequestChannel]
  ? [ListedRequestChannel] extends [RequestChannel]
    ? true
    : never
  : never;
export const allowListIsTheContract: _AllowListIsTheContract = true;

export { EVENT_CHANNEL };

export type AppEvent =
  | { type: "step"; conversationId: string; event: StepEvent }
  | { type: "conversation_changed"; summary: ConversationSummary }
  | { type: "conversation_deleted"; id: string }
  | { type: "update_status"; status: UpdateStatus }
  /** The person chose "Check for Updates…" in the menu: the window shows the updates. */
  | { type: "show_updates" }
  | { type: "import_progress"; progress: ImportProgress }
  /** A server's state or tools changed, or the MCP settings did. */
  | { type: "mcp_changed"; tools: McpSettingsView }
  /** The server could not be reached, or can again. */
  | { type: "storage_status"; status: StorageStatus }
  /** A move of conversations went on (or finished). */
  | { type: "storage_move"; progress: MoveProgress }
  /** Another machine saved this conversation (a branch): the window reloads it if it shows it. */
  | { type: "conversation_saved_elsewhere"; id: string }
  /** The store in use changed, or came back after being unreachable: the window reloads its list. */
  | { type: "conversations_reset" }
  /** The database check after an unclean shutdown finished. */
  | { type: "database_checked"; check: DatabaseCheckView }
  /** The system opened an MCP Bundle with the app ("Open with"): the window shows it for review. */
  | { type: "bundle_opened"; review: BundleReview }
  /** ...or the bundle it opened was refused, and why. */
  | { type: "bundle_refused"; message: string }
  /** An alpine:// link came: the window takes what it asks ("links:take"). */
  | { type: "deep_links_waiting" }
  /** The desktop settings changed: the desktop layer applies them (shortcut, tray, open at login). */
  | { type: "desktop_settings"; settings: DesktopSettings }
  /** The desktop layer's status changed (a shortcut registered, or refused). */
  | { type: "desktop_status"; status: DesktopStatus }
  /** A window asks the desktop layer to show or hide a window. */
  | { type: "window_request"; request: WindowRequest }
  /**
   * The language setting changed: the language shown from now on (the setting resolved with the
   * system's languages), and the setting (a window that follows its own languages resolves "system" itself).
   */
  | { type: "language_changed"; language: LanguageCode; setting: LanguageSetting };

/** A request that failed, as the window receives it. */
export interface IpcErrorPayload {
  name: string;
  message: string;
}

/** What the preload exposes as `window.alpine`, and what the test transport implements too. */
export interface AlpineApi {
  request<C extends RequestChannel>(channel: C, args: RequestArgs<C>): Promise<RequestResults[C]>;
  /** Subscribe to app events; returns the unsubscribe function. */
  onEvent(listener: (event: AppEvent) => void): () => void;
}

export type { HistoryEntryView, BranchFork, ConversationSummary, ConversationView, EntriesPage, SettingsView, AppInfo };
export type { ExportResult, ImportProgress, ImportReport };
