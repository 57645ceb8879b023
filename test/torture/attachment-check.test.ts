/**
 * The attachments scenario's checker finds each way the promise can break (a message
 * pointing to a missing file, a file no message refers to, a stray temporary file, an index
 * out of step), reads a real service's data folder, and sees recovery settle a file that was
 * stored but never sent. The scenario's script is the same for the same seed.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { AlpineService } from "../../src/main/service/alpine-service";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { planAttachOps } from "../../torture/attach-plan";
import { type AttachmentSnapshot, attachmentProblems, readAttachmentSnapshot } from "../../torture/attachment-check";
import { Prng } from "../../torture/prng";
import { startModelServer, type ModelServer } from "../support/model-server";
import { makeTempDir, removeDir } from "../service/helpers";

const A = "a".repeat(64);
const B = "b".repeat(64);
const clean = (): AttachmentSnapshot => ({
  referred: new Map([
    ["c1", new Set([A])],
    ["c2", new Set([A, B])],
  ]),
  files: [A, B],
  index: new Map([
    [A, { refs: ["c2", "c1"], pending: [] }],
    [B, { refs: ["c2"], pending: [] }],
  ]),
});

it("finds nothing wrong in a consistent folder, and each kind of problem otherwise", () => {
  expect(attachmentProblems(clean())).toEqual([]);

  const dangling = clean();
  dangling.files = [B];
  expect(attachmentProblems(dangling).join("\n")).toMatch(/dangling reference: c1, c2 refer\(s\) to attachment a{64}, which is not stored/);

  const orphan = clean();
  orphan.files.push("c".repeat(64), `${A}.tmp-123`);
  expect(attachmentProblems(orphan).filter((p) => p.startsWith("orphan file"))).toHaveLength(2);

  const unindexed = clean();
  unindexed.index!.delete(B);
  expect(attachmentProblems(unindexed)).toEqual([`dangling reference: attachment ${B} of c2 is stored but not in the index`]);

  const stale = clean();
  stale.index!.get(B)!.refs.push("gone");
  stale.index!.get(A)!.pending.push("c3");
  stale.index!.set("d".repeat(64), { refs: [], pending: [] });
  const problems = attachmentProblems(stale).join("\n");
  expect(problems).toContain(`the index says attachment ${B} is referred to by [c2, gone], the messages say [c2]`);
  expect(problems).toContain(`attachment ${A} still has claims pending: c3`);
  expect(problems).toContain(`the index lists attachment ${"d".repeat(64)}, whose file is missing`);
});

let folder: string;
let model: ModelServer;
beforeEach(async () => {
  folder = makeTempDir();
  model = await startModelServer({ fallback: { text: "Read." } });
});
afterEach(async () => {
  await model.close();
  removeDir(folder);
});

const open = () => new AlpineService({ dataFolder: folder, secrets: new MemorySecretKeeper("sk-ant-test"), model: { baseURL: model.url, maxRetries: 0 }, startMcpServers: false });

it("reads a real data folder: a sent file is fine, a file stored but never sent is an orphan until recovery removes it", async () => {
  const service = open();
  await service.recovered;
  const sent = await service.attachments.add(new TextEncoder().encode("sent notes\n".repeat(20)), "sent.txt");
  const ended = new Promise<void>((resolve) => service.events.on((e) => e.type === "step" && e.event.type === "run_end" && resolve()));
  const { id } = await service.runs.start("Read this", [{ id: sent.id, name: sent.name }]);
  await ended;
  const unsent = await service.attachments.add(new TextEncoder().encode("never sent\n".repeat(20)), "unsent.txt");
  await service.shutdown();

  const before = await readAttachmentSnapshot(folder, DATABASE_FILE_NAME);
  expect(before.referred).toEqual(new Map([[id, new Set([sent.id])]]));
  expect(attachmentProblems(before)).toEqual([`orphan file: attachments/files/${unsent.id} is referred to by no saved message`]);

  const again = open();
  expect((await again.recovered).removed).toBe(1);
  await again.shutdown();
  expect(attachmentProblems(await readAttachmentSnapshot(folder, DATABASE_FILE_NAME))).toEqual([]);
  expect(fs.existsSync(path.join(folder, "attachments", "files", sent.id))).toBe(true);
});

it("plans the same script for the same seed; messages and deletions only aim at conversations opened before", () => {
  const plan = (seed: number) => planAttachOps(new Prng(seed), 12);
  expect(plan(7)).toEqual(plan(7));
  expect(plan(7)).not.toEqual(plan(8));
  for (const seed of [1, 2, 3, 4, 5]) {
    const ops = plan(seed);
    expect(ops[0].kind).toBe("new");
    ops.forEach((op, i) => {
      if (op.kind !== "new") expect(op.target < i && ops[op.target].kind === "new").toBe(true);
    });
  }
});
