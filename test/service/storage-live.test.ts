/**
 * Two services on one PostgreSQL server as two machines: each hears the other's
 * conversations live, a conversation running on one is marked running elsewhere on the
 * other and refused there; and a server that goes away (a TCP proxy the test cuts) shows
 * as unreachable, stops the run that cannot save, and Continue works once it is back.
 */
import { describe, expect, it } from "vitest";
import type { AppEvent } from "../../src/shared/ipc-contract";
import type { ConversationView } from "../../src/shared/view-types";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { useServerMachines } from "./server-machines";

let proxy: TcpProxy | null = null;
const { database: freshDatabase, machine, keep } = useServerMachines(async () => {
  await proxy?.close();
  proxy = null;
});

function gate(): { wait: Promise<void>; open(): void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

const changed = (id: string, match: (summary: Extract<AppEvent, { type: "conversation_changed" }>["summary"]) => boolean) => (e: AppEvent) =>
  e.type === "conversation_changed" && e.summary.id === id && match(e.summary);

describe("two machines on one server", () => {
  it("see each other's conversations live, and one running elsewhere cannot be run here", async () => {
    const database = await freshDatabase();
    const [a, b] = [await machine(database.url), await machine(database.url)];
    const reply = gate();
    a.model.script(async () => {
      await reply.wait;
      return { text: "Answer from A" };
    });
    const { id } = await a.call<{ id: string }>("runs:start", { text: "Started on A" });

    const marked = await b.log.next(changed(id, (s) => Boolean(s.runningElsewhere)));
    expect(marked).toMatchObject({ summary: { title: "Started on A", running: false } });
    const list = await b.call("conversations:list", {});
    expect(list.items).toMatchObject([{ id, runningElsewhere: expect.any(String) }]);
    const refused = await b.request("runs:send", { id, text: "From B too early" });
    expect(refused).toMatchObject({ ok: false, error: { name: "RunningElsewhereError", message: expect.stringMatching(/running on another machine/) } });

    const mark = b.log.count;
    reply.open();
    await a.log.step(id, "run_end");
    await b.log.next(changed(id, (s) => !s.runningElsewhere && s.stoppedBy === "end_turn"), mark);

    // B goes on with it; A, which shows it, hears that another machine saved it.
    const aMark = a.log.count;
    b.model.script({ text: "Answer from B" });
    await b.call("runs:send", { id, text: "Continued on B" });
    await b.log.step(id, "run_end");
    await a.log.next((e) => e.type === "conversation_saved_elsewhere" && e.id === id, aMark);
    const seen = await a.call<ConversationView>("conversations:get", { id });
    expect(seen.entries.map((e) => e.text)).toEqual(["Started on A", "Answer from A", "Continued on B", "Answer from B"]);

    // A rename and a delete on one machine reach the other's sidebar.
    await b.call("conversations:rename", { id, title: "Renamed on B" });
    await a.log.next(changed(id, (s) => s.title === "Renamed on B"), aMark);
    await a.call("conversations:delete", { id });
    await b.log.next((e) => e.type === "conversation_deleted" && e.id === id, mark);
    expect((await b.call("conversations:list", {})).total).toBe(0);
  });

  it("a server that goes away: a banner, the run that cannot save stops with that error, Continue works once it is back", async () => {
    const database = await freshDatabase();
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port));
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const f = await machine(viaProxy.toString());

    const reply = gate();
    f.model.script(async () => {
      await reply.wait;
      return { text: "Lost reply" };
    });
    // The message is saved before runs:start answers; the run is then in its model request.
    const { id } = await f.call<{ id: string }>("runs:start", { text: "Saved before the cut" });
    await f.model.waitForRequests(1);
    await proxy.cut();
    const down = await f.log.next((e) => e.type === "storage_status" && !e.status.reachable);
    expect(down).toMatchObject({ status: { message: expect.stringMatching(/cannot be reached.*Nothing saved is lost/) } });
    reply.open();
    const end = await f.log.step(id, "run_end");
    expect(end.error?.message).toMatch(/could not be reached|save/i);

    const mark = f.log.count;
    await proxy.restore();
    await f.log.next((e) => e.type === "storage_status" && e.status.reachable, mark);
    // The failed run's lease could not be given back while the server was away: it is given back
    // once the server answers, so the conversation is free here at once (not when the lease lapses).
    const view = await f.call<ConversationView>("conversations:get", { id });
    expect(view.summary.runningElsewhere).toBeNull();
    expect(view.entries[0]).toMatchObject({ kind: "user", text: "Saved before the cut" });
    expect(view.interruption).not.toBeNull();
    f.model.script({ text: "Reply after the server came back" });
    await f.call("runs:continue", { id });
    expect((await f.log.step(id, "run_end", mark)).stoppedBy).toBe("end_turn");
    const after = await f.call<ConversationView>("conversations:get", { id });
    // The reply that came during the cut is kept once it can be saved; the run ends whole either way.
    expect(after.interruption).toBeNull();
    expect(after.entries[0]).toMatchObject({ kind: "user", text: "Saved before the cut" });
    expect(after.entries.at(-1)?.kind).toBe("assistant");
    expect(after.entries.filter((e) => e.kind === "assistant")).toHaveLength(1);
  });

  it("opens while the server it uses is away, with the banner's status, and lists once it is back", async () => {
    const database = await freshDatabase();
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port));
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const first = await machine(viaProxy.toString());
    first.model.script({ text: "Kept" });
    const id = (await first.call<{ id: string }>("runs:start", { text: "Kept on the server" })).id;
    await first.log.step(id, "run_end");
    await first.service.shutdown(); // quit; the data folder and its storage choice stay

    await proxy.cut();
    const f = keep(first.reopen());
    const launch = await f.call("app:launch", {});
    expect(launch.list).toEqual({ items: [], total: 0 });
    await f.log.next((e) => e.type === "storage_status" && !e.status.reachable);
    expect((await f.call("storage:get")).status).toMatchObject({ reachable: false, message: expect.stringMatching(/cannot be reached/) });
    await proxy.restore();
    await f.log.next((e) => e.type === "conversations_reset");
    expect((await f.call("conversations:list", {})).items.map((i: { id: string }) => i.id)).toEqual([id]);
  });
});
