/**
 * The attachments scenario's child: the real service on a data folder, doing the planned
 * operations with files from `from` on, reporting each point it passes (one JSON line on
 * stdout each), and stopping dead at the planned pause point so the campaign's SIGKILL lands
 * exactly there. Started as `node <bundle> '<AttachJob as JSON>'` (see worker-launch.ts).
 * The service's own attachment calls are observed (wrapped), never changed.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { AlpineService } from "../src/main/service/alpine-service";
import { MemorySecretKeeper } from "../src/main/service/settings/secret-keeper";
import { type AttachJob, type AttachMessage, type AttachOp, type AttachPoint, attachmentBytes, attachmentName } from "./attach-plan";

const say = (message: AttachMessage) => process.stdout.write(JSON.stringify(message) + "\n");

/** Conversation ids opened by earlier "new" operations (by any child). */
function openedConversations(file: string): Map<number, string> {
  if (!existsSync(file)) return new Map();
  const lines = readFileSync(file, "utf8").split("\n").filter((line) => /^\d+ \S+$/.test(line));
  return new Map(lines.map((line) => [Number(line.split(" ")[0]), line.split(" ")[1]]));
}

export async function runAttachWorker(job: AttachJob): Promise<void> {
  const service = new AlpineService({
    dataFolder: job.dataFolder,
    secrets: new MemorySecretKeeper("sk-ant-torture-key"),
    // The app's own retries (the SDK's default): a connection dropped by the loaded model server is retried as in the app.
    model: { baseURL: job.modelUrl },
    startMcpServers: false,
  });
  await service.recovered;
  let current = -1;
  const point = async (p: AttachPoint) => {
    const paused = job.pauseAt !== null && job.pauseAt.op === current && job.pauseAt.point === p;
    say({ type: "point", op: current, point: p, paused });
    if (paused) await new Promise<never>(() => setInterval(() => undefined, 1 << 30)); // until the kill
  };
  const { attachments } = service;
  const claim = attachments.claim.bind(attachments);
  const confirm = attachments.confirm.bind(attachments);
  const release = attachments.release.bind(attachments);
  attachments.claim = async (id, ids) => {
    await claim(id, ids);
    await point("claimed");
  };
  attachments.confirm = async (id, ids) => {
    await point("saved");
    await confirm(id, ids);
    await point("confirmed");
  };
  attachments.release = async (id) => {
    await point("released");
    await release(id);
  };
  const ended = new Map<string, { name: string; message: string } | null>();
  const waiters = new Map<string, () => void>();
  service.events.on((event) => {
    if (event.type !== "step" || event.event.type !== "run_end") return;
    ended.set(event.event.stateId, event.event.error);
    waiters.get(event.event.stateId)?.();
  });
  const runEnd = (id: string) => (ended.has(id) ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(id, resolve)));
  say({ type: "ready" });

  for (current = job.from; current < job.ops.length; current++) {
    const op = job.ops[current];
    await point("begin");
    const id = await doOperation(service, job, current, op, point);
    if (id === null) {
      say({ type: "skipped", op: current });
      continue;
    }
    if (op.kind !== "delete") {
      await runEnd(id);
      const error = ended.get(id);
      if (error) say({ type: "run_error", op: current, name: error.name, message: error.message });
      ended.delete(id);
    }
    await point("ended");
  }
  await service.shutdown();
  say({ type: "done" });
}

/** Does one operation; returns the conversation it ran in (or deleted), or null when its conversation is not there. */
async function doOperation(service: AlpineService, job: AttachJob, index: number, op: AttachOp, point: (p: AttachPoint) => Promise<void>): Promise<string | null> {
  const target = op.kind === "new" ? null : (openedConversations(job.conversationsFile).get(op.target) ?? null);
  if (op.kind !== "new" && (target === null || !(await service.conversations.list({ offset: 0, limit: 1000 })).items.some((c) => c.id === target))) return null;
  if (op.kind === "delete") {
    await service.conversations.delete(target!);
    return target;
  }
  const files = [];
  for (const n of op.files) files.push(await service.attachments.add(attachmentBytes(job.tag, n), attachmentName(n)));
  await point("added");
  const refs = files.map((f) => ({ id: f.id, name: f.name }));
  if (op.kind === "send") {
    await service.runs.send(target!, `[op ${index}] Here are more notes.`, refs);
    return target;
  }
  const { id } = await service.runs.start(`[op ${index}] Please read these notes.`, refs);
  appendFileSync(job.conversationsFile, `${index} ${id}\n`);
  return id;
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  runAttachWorker(JSON.parse(process.argv[2]) as AttachJob).then(
    () => process.exit(0),
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      say({ type: "fatal", name: e.name, message: e.message, stack: e.stack });
      process.exit(1);
    },
  );
}
