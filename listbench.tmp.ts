import { mkdirSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { FileStore } from "/work/main/src/main/agent/file-store";
const dir = mkdtempSync(join(tmpdir(), "alpine-bench-"));
const N = 20000;
for (let i = 0; i < N; i++) {
  const f = join(dir, `s${i}`);
  mkdirSync(f);
  const t = new Date(Date.now() - i * 1000).toISOString();
  writeFileSync(join(f, "meta.json"), JSON.stringify({ id: `s${i}`, task: `Task number ${i} with some words`, title: "t", createdAt: t, updatedAt: t, stoppedBy: "end_turn", entryCount: 5 }));
}
const store = new FileStore(dir);
for (let r = 0; r < 3; r++) {
  const t0 = performance.now();
  const list = await store.list({ limit: 50 });
  console.log("list", N, "ms", Math.round(performance.now() - t0), list[0].id);
}
rmSync(dir, { recursive: true, force: true });
