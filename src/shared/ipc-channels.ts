/**
 * The contract's channel names as plain values, without zod: the preload (a sandboxed
 * bundle that must stay small) builds its allow-list from them. ipc-contract.ts checks at
 * compile time that this list and its channel map hold exactly the same names.
 */
export const REQUEST_CHANNELS = [
  "app:info",
  "conversations:list",
  "conversations:get",
  "conversations:entries",
  "conversations:rename",
  "conversations:delete",
  "runs:start",
  "runs:send",
  "runs:stop",
  "runs:answer",
  "runs:continue",
  "runs:edit",
  "runs:regenerate",
  "conversations:branch",
  "conversations:switch",
  "settings:get",
  "settings:set",
  "settings:setApiKey",
  "settings:chooseFolder",
  "settings:setKeyStorage",
  "updates:status",
  "updates:check",
  "updates:install",
  "backups:list",
  "transfer:export",
  "transfer:import",
  "damaged:exportReadable",
  "damaged:restore",
  "database:health",
  "links:take",
  "desktop:status",
  "quick:openInMain",
  "quick:hide",
  "attachments:add",
  "conversations:setOptions",
  "models:list",
  "prices:get",
  "prices:set",
  "app:launch",
  "window:remember",
  "window:keepFirstScreen",
  "conversations:interrupted",
  "conversations:usage",
  "app:shown",
  "tools:get",
  "tools:addServer",
  "tools:editServer",
  "tools:reviewConfig",
  "tools:importConfig",
  "tools:removeServer",
  "tools:setServer",
  "tools:setTool",
  "tools:setCallTimeout",
  "tools:restartServer",
  "tools:stderr",
  "storage:get",
  "storage:usePostgres",
  "storage:useLocal",
  "storage:move",
  "storage:removeSource",
  "providers:get",
  "providers:add",
  "providers:edit",
  "providers:setKey",
  "providers:remove",
  "providers:test",
  "models:groups",
] as const;

export type ListedRequestChannel = (typeof REQUEST_CHANNELS)[number];

/** The one event channel, main → window. */
export const EVENT_CHANNEL = "app:event";

/** Is `channel` one of the contract's request channels? */
export function isListedRequestChannel(channel: unknown): channel is ListedRequestChannel {
  return typeof channel === "string" && (REQUEST_CHANNELS as readonly string[]).includes(channel);
}
