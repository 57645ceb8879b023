/**
 * Bad input: fuzzed State ids, data that is not JSON (every kind), JSON at the edges,
 * oversized messages, and malformed arguments for every IPC channel. Each must end in a
 * clear error (or, for valid input, a faithful save and load), and nothing dies: a bare
 * TypeError from inside, a stack overflow, or a throw out of the IPC dispatcher counts
 * as a crash.
 */
import Anthropic from "@anthropic-ai/sdk";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Agent, InvalidStateIdError, State, StateNotFoundError, STATE_ID_PATTERN, type Store } from "../../src/main/agent";
import { startModelServer } from "../../test/support/model-server";
import {
  EDGE_JSON_VALUES,
  FIXED_INVALID_IDS,
  NON_JSON_VALUES,
  OVERSIZED_MESSAGE_CHARS,
  TOO_DEEP_VALUE,
  TRICKY_VALID_IDS,
  fuzzId,
} from "../bad-values";
import { canonicalJson } from "../canonical-json";
import { conversationReply } from "../conversation-script";
import { UNKNOWN_CHANNELS, malformedRequests } from "../ipc-fuzz";
import { closeStore, openStore, storeLocation } from "../stores";
import type { Tally } from "../tally";
import { TORTURE_MODEL, TORTURE_SYSTEM } from "../worker";
import type { RunContext } from "./run-context";

type BadTally = Partial<Tally> & { failures: string[]; badInputs: number; crashes: number };

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message.split("\n")[0].slice(0, 200)}` : String(error));

/** An error from a bug inside rather than a refusal: a bare built-in error of the kind a slip makes. */
function isCrashLike(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  return /Cannot read propert|is not a function|is not iterable|undefined \(reading|null \(reading/.test(error.message);
}

async function idChecks(ctx: RunContext, store: Store, agent: Agent, tally: BadTally, fail: (what: string) => void): Promise<void> {
  const ids: unknown[] = [...TRICKY_VALID_IDS, ...FIXED_INVALID_IDS, ...Array.from({ length: 40 }, () => fuzzId(ctx.prng))];
  const saved = new Map<string, string>();
  for (const id of ids) {
    tally.badInputs++;
    const valid = typeof id === "string" && STATE_ID_PATTERN.test(id);
    const label = JSON.stringify(String(id)).slice(0, 40);
    try {
      if (valid) {
        if (saved.has(id as string)) continue;
        const task = `task of ${label}`;
        const state = new State(task, { id: id as string });
        await agent.save(state);
        saved.set(id as string, task);
      } else {
        let refused = false;
        try {
          new State("task", { id: id as string });
        } catch (error) {
          refused = error instanceof InvalidStateIdError;
          if (!refused) fail(`new State with id ${label} threw ${describeError(error)}, not InvalidStateIdError`);
        }
        if (!refused) fail(`new State accepted the invalid id ${label}`);
        const loaded = await store.load(id as string).then(() => null, (error: unknown) => error);
        if (!(loaded instanceof InvalidStateIdError || loaded instanceof StateNotFoundError)) {
          fail(`store.load(${label}) gave ${loaded === null ? "a State" : describeError(loaded)}`);
          if (isCrashLike(loaded)) tally.crashes++;
        }
      }
    } catch (error) {
      fail(`id ${label} (${valid ? "valid" : "invalid"}): ${describeError(error)}`);
      if (isCrashLike(error)) tally.crashes++;
    }
  }
  // Every valid id comes back as itself, as its own State ("A" is not "a", "CON" is a fine name).
  for (const [id, task] of saved) {
    const state = await store.load(id).catch((error: unknown) => error);
    if (!(state instanceof State) || state.id !== id || state.task !== task) fail(`the State saved as ${JSON.stringify(id)} loads as ${state instanceof State ? `${state.id}/${state.task}` : describeError(state)}`);
  }
}

async function dataChecks(ctx: RunContext, agent: Agent, store: Store, countRequests: (marker: string) => number, tally: BadTally, fail: (what: string) => void): Promise<void> {
  let n = 0;
  for (const value of NON_JSON_VALUES) {
    tally.badInputs++;
    const marker = `probe-${ctx.prng.int(0, 1e9)}-${n++}`;
    const state = new State(`[round 0] ${marker} in 1 turns.`, { id: marker, data: value.make() });
    const error = await agent.run(state).then(() => null, (e: unknown) => e);
    if (!(error instanceof TypeError) || !/state\.data/.test(error.message)) {
      fail(`data with ${value.name} gave ${error === null ? "a finished run" : describeError(error)}, not a TypeError naming state.data`);
      if (isCrashLike(error)) tally.crashes++;
    }
    if (countRequests(marker) > 0) fail(`data with ${value.name}: the model was asked before the save refused it`);
    if ((await store.read(marker)) !== null) fail(`data with ${value.name} was saved`);
    state.data = { fixed: true };
    await agent.save(state).catch((e: unknown) => fail(`after fixing data with ${value.name}, saving failed: ${describeError(e)}`));
  }
  for (const value of [...EDGE_JSON_VALUES, TOO_DEEP_VALUE]) {
    tally.badInputs++;
    const id = `edge-${ctx.prng.int(0, 1e9)}-${n++}`;
    const data = value.make();
    try {
      const state = new State("edge data", { id, data });
      await agent.save(state);
      const loaded = await store.load(id);
      if (canonicalJson(loaded.data) !== canonicalJson(JSON.parse(JSON.stringify(data)))) fail(`data with ${value.name} came back different`);
      // The sidebar's rename works on any saved State.
      const renamable = store as Store & { rename?: (id: string, title: string) => unknown };
      if (renamable.rename) {
        try {
          renamable.rename(id, "renamed");
        } catch (error) {
          fail(`renaming a State whose data has ${value.name} failed: ${describeError(error)}`);
        }
      }
    } catch (error) {
      const clear = error instanceof TypeError && /state\.data/.test(error.message);
      if (!clear) {
        fail(`data with ${value.name} gave ${describeError(error)}`);
        if (isCrashLike(error)) tally.crashes++;
      }
    }
  }
}

async function messageChecks(ctx: RunContext, agent: Agent, store: Store, tally: BadTally, fail: (what: string) => void): Promise<void> {
  for (const chars of OVERSIZED_MESSAGE_CHARS) {
    tally.badInputs++;
    const id = `big-${chars}-${ctx.prng.int(0, 1e9)}`;
    try {
      const state = new State("a large message follows", { id });
      state.addUserMessage("y".repeat(chars));
      await agent.save(state);
      const loaded = await store.load(id);
      if (loaded.history.at(-1)?.text.length !== chars) fail(`a message of ${chars} characters came back with ${loaded.history.at(-1)?.text.length}`);
    } catch (error) {
      fail(`a message of ${chars} characters: ${describeError(error)}`);
      if (isCrashLike(error)) tally.crashes++;
    }
  }
  for (const text of [123, null, undefined, "", "   ", { text: "x" }]) {
    tally.badInputs++;
    const state = new State("bad messages");
    try {
      state.addUserMessage(text as string);
      fail(`addUserMessage accepted ${JSON.stringify(text)}`);
    } catch (error) {
      if (!(error instanceof TypeError) || isCrashLike(error)) fail(`addUserMessage(${JSON.stringify(text)}) gave ${describeError(error)}`);
    }
  }
}

async function ipcChecks(ctx: RunContext, tally: BadTally, fail: (what: string) => void): Promise<void> {
  // The service layer is optional here: the campaign tortures the library on its own too.
  let service: import("../../src/main/service/alpine-service").AlpineService;
  let dispatch: (channel: unknown, args: unknown) => Promise<import("../../src/shared/transport-messages").IpcResult>;
  try {
    const [{ AlpineService }, { MemorySecretKeeper }, { createRequestHandlers, dispatchRequest }] = await Promise.all([
      import("../../src/main/service/alpine-service"),
      import("../../src/main/service/settings/secret-keeper"),
      import("../../src/main/service/request-handlers"),
    ]);
    service = new AlpineService({ dataFolder: join(ctx.scratch, "app"), secrets: new MemorySecretKeeper("torture-key"), model: { baseURL: ctx.modelUrl, maxRetries: 0 } });
    const handlers = createRequestHandlers(service);
    dispatch = (channel, args) => dispatchRequest(handlers, channel, args);
  } catch (error) {
    fail(`the service could not be started for the IPC checks: ${describeError(error)}`);
    return;
  }
  try {
    for (const request of malformedRequests(ctx.prng, 40)) {
      tally.badInputs++;
      let result;
      try {
        result = await dispatch(request.channel, request.args);
      } catch (error) {
        tally.crashes++;
        fail(`IPC ${request.channel} with ${request.describe}: the dispatcher threw ${describeError(error)}`);
        continue;
      }
      if (result.ok) fail(`IPC ${request.channel} with ${request.describe} was accepted`);
      else if (result.error.name !== "InvalidRequestError" && !request.hostile) fail(`IPC ${request.channel} with ${request.describe} gave ${result.error.name}: ${result.error.message.slice(0, 160)}`);
    }
    for (const channel of UNKNOWN_CHANNELS) {
      tally.badInputs++;
      const result = await dispatch(channel, {}).catch((error: unknown) => ({ ok: false as const, error: { name: "thrown", message: describeError(error) } }));
      if (result.ok || result.error.name !== "InvalidRequestError") fail(`IPC channel ${JSON.stringify(String(channel))} gave ${JSON.stringify(result).slice(0, 160)}`);
    }
    // Well-formed requests about a conversation that does not exist: a clear refusal each.
    for (const channel of ["conversations:get", "conversations:rename", "conversations:delete", "runs:send", "runs:answer", "runs:continue"] as const) {
      tally.badInputs++;
      const args = { id: "no-such-conversation", title: "t", text: "hello", answer: "yes" };
      const fields = Object.keys((await import("../../src/shared/ipc-contract")).requestSchemas[channel].shape);
      const result = await dispatch(channel, Object.fromEntries(fields.map((f) => [f, args[f as keyof typeof args]])));
      if (result.ok && channel !== "conversations:delete") fail(`IPC ${channel} of a missing conversation succeeded`);
      if (!result.ok && /^(TypeError|RangeError|SqliteError|Error)$/.test(result.error.name)) fail(`IPC ${channel} of a missing conversation gave a bare ${result.error.name}: ${result.error.message.slice(0, 160)}`);
    }
    const info = await dispatch("app:info", {});
    if (!info.ok) fail(`after the bad requests, app:info fails: ${JSON.stringify(info)}`);
  } finally {
    await service.shutdown();
  }
}

export async function badInputRun(ctx: RunContext): Promise<Partial<Tally>> {
  const tally: BadTally = { runs: 1, badInputs: 0, crashes: 0, failures: [] };
  const fail = (what: string) => tally.failures.push(`${ctx.label}: ${what}`);
  const folder = join(ctx.scratch, "store");
  mkdirSync(folder, { recursive: true });
  const server = await startModelServer({ fallback: conversationReply({ frameDelayMs: 0, slowMs: 1 }) });
  const store = openStore(ctx.kind, storeLocation(ctx.kind, folder));
  const agent = new Agent({
    model: TORTURE_MODEL,
    system: TORTURE_SYSTEM,
    store,
    client: new Anthropic({ apiKey: "torture-key", baseURL: server.url, maxRetries: 0 }),
  });
  const countRequests = (marker: string) => server.requests.filter((r) => JSON.stringify(r.body).includes(marker)).length;
  try {
    await idChecks(ctx, store, agent, tally, fail);
    await dataChecks(ctx, agent, store, countRequests, tally, fail);
    await messageChecks(ctx, agent, store, tally, fail);
    const outside = readdirSync(folder).filter((name) => !storeLocation(ctx.kind, folder).endsWith(name) && !name.startsWith(`${"conversations.db"}-`));
    if (outside.length > 0) fail(`files appeared beside the store: ${outside.join(", ")}`);
  } finally {
    closeStore(store);
    await server.close();
  }
  await ipcChecks(ctx, tally, fail);
  return tally;
}
