import { mkdtempSync } from "node:fs";
import { mountSmallDisk } from "./small-disk";
import { SqliteStore } from "../src/main/agent";
const dir = mkdtempSync("/tmp/alpine-full-");
const m = mountSmallDisk(`${dir}/disk`, 768 * 1024);
if ("unavailable" in m) throw new Error(m.unavailable);
try {
  const store = new SqliteStore(`${m.disk.folder}/c.db`);
  const snap = (n: number) => ({ version: 1, id: "a", task: "t", title: "t", data: {}, stoppedBy: null, answer: null, pendingAsk: null, createdAt: "2020", updatedAt: "2020-" + n, entryCount: n, excluded: [], agent: null }) as any;
  const entry = (seq: number, text: string) => ({ seq, kind: "user", text, at: "x", error: null }) as any;
  store.write("a", [entry(0, "hello")], snap(1), { create: true });
  m.disk.fill();
  try { store.write("a", [entry(1, "x".repeat(100000))], snap(2), { create: false }); console.log("write on full ok?!"); } catch (e) { console.log("full:", String(e)); }
  const o = new SqliteStore(`${m.disk.folder}/c.db`); console.log("other read", (o.read("a") as any).entries.length); o.close();
  try { store.acquireLease("a"); } catch (e) { console.log("lease:", String(e)); }
  m.disk.free();
  for (let i = 0; i < 3; i++) {
    try { store.write("a", [entry(1, "x".repeat(100000))], snap(2), { create: false }); console.log("after free ok"); break; } catch (e: any) { console.log("after free:", String(e), e.code); }
  }
  const s2 = new SqliteStore(`${m.disk.folder}/c.db`);
  console.log((s2.read("a") as any).entries.length);
  s2.close(); store.close();
} finally { m.disk.unmount(); }
