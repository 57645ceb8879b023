/**
 * Attachments through the service: an image and a PDF reach the model as base64 blocks with
 * their media types; the same file twice is stored once; deleting the last conversation
 * that refers to a file removes it; recovery after a kill leaves no dangling reference and
 * no orphan file; the window's URL serves only stored ids.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Attachments } from "../../src/main/service/attachments/attachments";
import { attachmentResponse } from "../../src/main/service/attachments/attachment-response";
import { sentMessages } from "../support/model-server";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/attachments/${name}`, import.meta.url));
const base64 = (name: string) => fixture(name).toString("base64");
const filesIn = (dataFolder: string) => readdirSync(join(dataFolder, "attachments", "files"));

let f: ServiceFixture;
afterEach(async () => {
  await f?.close();
});

describe("attachments through the service", () => {
  it("an image and a PDF reach the model as base64 blocks with the right media types; the same image twice is stored once", async () => {
    f = await openService();
    f.model.script({ text: "A gradient and a page." }, { text: "The same gradient." });
    const image = await f.call("attachments:add", { name: "gradient.png", dataBase64: base64("gradient.png") });
    const doc = await f.call("attachments:add", { name: "one-page.pdf", dataBase64: base64("one-page.pdf") });
    expect(image).toMatchObject({ kind: "image", mediaType: "image/png", size: fixture("gradient.png").length });
    const { id } = await f.call("runs:start", { text: "What are these?", attachments: [image, doc].map(({ id, name }) => ({ id, name })) });
    await f.log.step(id, "run_end");
    const [first] = sentMessages(f.model.requests[0]);
    expect(first.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: base64("gradient.png") } },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: base64("one-page.pdf") }, title: "one-page.pdf" },
      { type: "text", text: "What are these?" },
    ]);
    const again = await f.call("attachments:add", { name: "copy.png", dataBase64: base64("gradient.png") });
    expect(again.id).toBe(image.id);
    const count = f.log.count;
    await f.call("runs:send", { id, text: "And this one?", attachments: [{ id: again.id, name: "copy.png" }] });
    await f.log.step(id, "run_end", count);
    expect(filesIn(f.dataFolder).sort()).toEqual([image.id, doc.id].sort());
    expect(f.service.attachments.stored().get(image.id)?.refs).toEqual([id]);
    // The view keeps references only; the bytes come from the app's own origin.
    const view = await f.call("conversations:get", { id });
    expect(view.entries[0].attachments).toEqual([{ id: image.id, name: "gradient.png", kind: "image", mediaType: "image/png", size: image.size }, expect.objectContaining({ id: doc.id })]);
    const served = await attachmentResponse(f.service.attachments, `/attachments/${image.id}`);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(Buffer.from(served.body).equals(fixture("gradient.png"))).toBe(true);
    const pdf = await attachmentResponse(f.service.attachments, `/attachments/${doc.id}`);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(pdf.headers["content-security-policy"]).toContain("object-src 'self'");
    expect(served.headers["content-security-policy"]).toContain("object-src 'none'");
    expect(Buffer.from(pdf.body).equals(fixture("one-page.pdf"))).toBe(true);
    expect((await attachmentResponse(f.service.attachments, "/attachments/../alpine.db")).status).toBe(404);
  });

  it("deleting the last conversation that refers to a file removes it; one still referred to stays", async () => {
    f = await openService();
    f.model.setFallback({ text: "Seen." });
    const image = await f.call("attachments:add", { name: "dot.gif", dataBase64: base64("dot.gif") });
    const doc = await f.call("attachments:add", { name: "notes.ts", dataBase64: base64("notes.ts") });
    const a = await f.call("runs:start", { text: "One", attachments: [{ id: image.id, name: "dot.gif" }, { id: doc.id, name: "notes.ts" }] });
    await f.log.step(a.id, "run_end");
    const b = await f.call("runs:start", { text: "Two", attachments: [{ id: image.id, name: "dot.gif" }] });
    await f.log.step(b.id, "run_end");
    await f.call("conversations:delete", { id: a.id });
    expect(filesIn(f.dataFolder)).toEqual([image.id]);
    await f.call("conversations:delete", { id: b.id });
    expect(filesIn(f.dataFolder)).toEqual([]);
  });

  it("refuses a file by its bytes and the API's limits before anything is sent, naming file and limit", async () => {
    f = await openService();
    const refused = await f.request("attachments:add", { name: "too-wide.png", dataBase64: base64("too-wide.png") });
    expect(refused).toMatchObject({ ok: false, error: { name: "AttachmentTooLargeError" } });
    expect(!refused.ok && refused.error.message).toMatch(/"too-wide\.png".*8000 × 8000/);
    const unknown = await f.request("attachments:add", { name: "unknown.pdf", dataBase64: base64("unknown.pdf") });
    expect(unknown).toMatchObject({ ok: false, error: { name: "UnsupportedAttachmentError" } });
    const missing = await f.request("runs:start", { text: "Look", attachments: [{ id: "a".repeat(64), name: "gone.png" }] });
    expect(missing).toMatchObject({ ok: false, error: { name: "AttachmentNotFoundError" } });
    expect(f.model.requests).toHaveLength(0);
    expect(filesIn(f.dataFolder)).toEqual([]);
  });
});

describe("recovery after a kill", () => {
  const lookup = (messages: Record<string, string[]>) => ({
    exists: async (id: string) => id in messages,
    attachmentIds: async (id: string) => new Set(messages[id] ?? []),
  });

  it("a claim whose message was never saved, a file never indexed, a deleted conversation: all removed; referred files stay", async () => {
    const dir = makeTempDir();
    try {
      const store = new Attachments(dir);
      const kept = await store.add(fixture("gradient.png"), "kept.png");
      const unsent = await store.add(fixture("dot.gif"), "unsent.gif");
      const ofDeleted = await store.add(fixture("notes.ts"), "notes.ts");
      await store.claim("saved", [kept.id]); // killed after the message was saved, before confirm
      await store.claim("never-saved", [unsent.id]); // killed before the message was saved
      await store.claim("deleted", [ofDeleted.id]);
      await store.confirm("deleted", [ofDeleted.id]);
      writeFileSync(join(dir, "attachments", "files", "f".repeat(64)), "killed between file and index");
      writeFileSync(join(dir, "attachments", "files", ".tmp-123"), "half an atomic write");

      const after = new Attachments(dir); // the next start
      const { removed } = await after.recover(lookup({ saved: [kept.id], "never-saved": [] }));
      expect(removed).toBe(4);
      expect(filesIn(dir)).toEqual([kept.id]);
      expect(after.stored().get(kept.id)).toMatchObject({ refs: ["saved"], pending: [] });
      expect(existsSync(join(dir, "attachments", "index.json"))).toBe(true);
    } finally {
      removeDir(dir);
    }
  });

  it("a file added while recovery runs is never taken for an orphan", async () => {
    const dir = makeTempDir();
    try {
      const store = new Attachments(dir);
      const recovering = store.recover(lookup({}));
      const added = await store.add(fixture("gradient.png"), "early.png");
      await recovering;
      await store.recover(lookup({})); // staged in this process: kept until the app stops
      expect(filesIn(dir)).toEqual([added.id]);
      expect((await store.read(added.id)).bytes.equals(fixture("gradient.png"))).toBe(true);
    } finally {
      removeDir(dir);
    }
  });

  it("an index from a newer version is refused and left as it is", () => {
    const dir = makeTempDir();
    try {
      new Attachments(dir);
      const index = join(dir, "attachments", "index.json");
      writeFileSync(index, JSON.stringify({ version: 2, files: {} }));
      expect(() => new Attachments(dir)).toThrow(/newer than this version/);
      expect(JSON.parse(readFileSync(index, "utf8")).version).toBe(2);
    } finally {
      removeDir(dir);
    }
  });
});
