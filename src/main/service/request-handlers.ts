/**
 * The channel → service table and the one dispatcher every transport uses (Electron IPC
 * in the app, the WebSocket of the test host): it checks the channel, validates the
 * arguments with the contract's zod schema, calls the service, and answers with an
 * `IpcResult`. It never throws, whatever the window sends.
 */
import { requestSchemas, type RequestChannel } from "../../shared/ipc-contract";
import type { IpcResult } from "../../shared/transport-messages";
import type { AlpineService } from "./alpine-service";
import { InvalidRequestError } from "./service-errors";
import { mcpRequestHandlers } from "./mcp/mcp-request-handlers";
import type { RequestHandlers } from "./request-handler-types";
import { providersRequestHandlers } from "./providers/providers-request-handlers";
import { desktopRequestHandlers } from "./desktop-request-handlers";

export type { RequestHandler, RequestHandlers } from "./request-handler-types";

/**
 * The channels that hand a key, a password or an MCP server's secrets to a keeper: they answer
 * once it is written, not while the keeper still writes it in the background (docs/acknowledgements.md).
 */
const KEEPS_SECRETS: readonly RequestChannel[] = [
  "settings:setApiKey",
  "settings:setKeyStorage",
  "providers:add",
  "providers:setKey",
  "providers:remove",
  "storage:usePostgres",
  "tools:addServer",
  "tools:editServer",
  "tools:importConfig",
  "tools:removeServer",
  "tools:setServer",
  "tools:setTool",
  "tools:setCallTimeout",
  "tools:installBundle",
  "tools:configureBundle",
];

export function createRequestHandlers(service: AlpineService): RequestHandlers {
  const handlers = channelHandlers(service);
  for (const channel of KEEPS_SECRETS) {
    const handle = handlers[channel] as (args: unknown) => unknown;
    (handlers as Record<RequestChannel, (args: unknown) => unknown>)[channel] = async (args) => {
      const value = await handle(args);
      await service.secretsWritten();
      return value;
    };
  }
  return handlers;
}

function channelHandlers(service: AlpineService): RequestHandlers {
  return {
    "app:info": () => service.info(),
    "conversations:list": (args) => service.conversations.list(args),
    "conversations:get": ({ id, tail }) => service.conversations.get(id, tail),
    "conversations:entries": ({ id, beforeSeq, limit }) => service.conversations.entries(id, beforeSeq, limit),
    // The kept first screen shows the old title: the next launch must not paint it first.
    "conversations:rename": ({ id, title }) => forgettingFirstScreen(service, () => service.conversations.rename(id, title)),
    "conversations:delete": async ({ id }) => {
      await service.conversations.delete(id);
      // Its title and words must not come back at the next launch's first paint.
      service.firstScreen.forgetConversation(id);
      return { deleted: true };
    },
    "runs:start": ({ text, attachments, model, provider, thinkingBudget }) => service.runs.start(text, attachments, { model, provider, thinkingBudget }),
    "runs:send": async ({ id, text, attachments }) => {
      await service.runs.send(id, text, attachments);
      return { ok: true };
    },
    "runs:stop": async ({ id }) => {
      await service.runs.stop(id);
      return { ok: true };
    },
    "runs:answer": async ({ id, answer }) => {
      await service.runs.answer(id, answer);
      return { ok: true };
    },
    "runs:continue": async ({ id }) => {
      await service.runs.continue(id);
      return { ok: true };
    },
    "runs:edit": ({ id, seq, text }) => service.branching.edit(id, seq, text),
    "runs:regenerate": ({ id, seq }) => service.branching.regenerate(id, seq),
    "conversations:branch": ({ id, seq }) => service.branching.branchOff(id, seq),
    "conversations:switch": ({ id }) => service.branching.switchTo(id),
    "settings:get": () => service.settings.view(),
    "settings:setApiKey": ({ apiKey }) => service.setApiKey(apiKey),
    "settings:chooseFolder": () => service.settings.chooseFolder(),
    "attachments:add": ({ name, dataBase64 }) => service.attachments.add(Buffer.from(dataBase64, "base64"), name),
    "conversations:setOptions": async ({ id, model, provider, thinkingBudget }) => {
      await service.runs.setOptions(id, { model, provider, thinkingBudget });
      return service.conversations.get(id, 1);
    },
    "models:list": () => service.models.list(),
    "prices:get": () => service.prices.table(),
    "prices:set": ({ prices }) => service.prices.update(prices),
    "app:launch": ({ listLimit, tail }) => service.launch(listLimit, tail),
    "window:remember": ({ openConversationId }) => {
      service.windowState.remember(openConversationId);
      return { ok: true };
    },
    "window:keepFirstScreen": (screen) => ({ kept: service.firstScreen.keep(screen) }),
    "conversations:interrupted": () => service.conversations.interrupted(),
    "app:shown": () => {
      service.firstScreenShown();
      return { ok: true };
    },
    "conversations:usage": async ({ id }) => ({ id, usage: await service.conversations.usage(id) }),
    ...mcpRequestHandlers(service.mcp),
    ...providersRequestHandlers(service),
    "settings:setKeyStorage": ({ memoryOnly }) => service.settings.setKeyMemoryOnly(memoryOnly),
    "updates:status": () => service.updates.status(),
    "updates:check": () => service.updates.check(),
    "updates:install": ({ stopRuns }) => service.updates.install(stopRuns),
    "backups:list": () => service.backups.view(),
    "transfer:export": (request) => service.transfer.export(request),
    "transfer:import": ({ path }) => service.transfer.import(path),
    "storage:get": () => service.storage.view(),
    // Another store, or a store emptied: the kept first screen may show what is no longer there.
    "storage:usePostgres": (choice) => forgettingFirstScreen(service, () => service.storage.usePostgres(choice)),
    "storage:useLocal": () => forgettingFirstScreen(service, () => service.storage.useLocal()),
    "storage:move": ({ direction }) => service.storage.move(direction),
    "storage:removeSource": ({ direction }) => forgettingFirstScreen(service, () => service.storage.removeSource(direction)),
    "damaged:exportReadable": ({ listedId, format }) => service.damaged.exportReadable(listedId, format),
    "damaged:restore": ({ listedId }) => service.damaged.restore(listedId),
    "database:health": () => service.health.view(),
    ...desktopRequestHandlers(service),
  };
}

async function forgettingFirstScreen<T>(service: AlpineService, change: () => Promise<T> | T): Promise<T> {
  const result = await change();
  service.firstScreen.forget();
  return result;
}

export function isRequestChannel(channel: unknown): channel is RequestChannel {
  return typeof channel === "string" && Object.prototype.hasOwnProperty.call(requestSchemas, channel);
}

/** Validate and run one request. Every failure becomes `{ ok: false, error: { name, message } }`. */
export async function dispatchRequest(handlers: RequestHandlers, channel: unknown, args: unknown): Promise<IpcResult> {
  try {
    if (!isRequestChannel(channel)) {
      throw new InvalidRequestError(`Unknown request channel ${JSON.stringify(String(channel)).slice(0, 100)}.`);
    }
    const parsed = requestSchemas[channel].safeParse(args ?? {});
    if (!parsed.success) {
      const problems = parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.length ? issue.path.join(".") : "arguments"}: ${issue.message}`)
        .join("; ");
      throw new InvalidRequestError(`Invalid arguments for "${channel}": ${problems}.`);
    }
    const handler = handlers[channel] as (args: unknown) => unknown;
    const value = await handler(parsed.data);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: errorPayload(error) };
  }
}

function errorPayload(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name || "Error", message: error.message };
  return { name: "Error", message: String(error) };
}
