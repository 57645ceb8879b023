import pg from "pg";
import { benchServer } from "./subjects/postgres-server";
import { entries, snapshotOf } from "./lib/conversation";
import { TextSource } from "./lib/text";

const N = 10_000;
const server = await benchServer();
const opened = await server.freshStore();
const id = "long";
const text = new TextSource(5);
await opened.store.write(id, entries(0, 1000, text, 400), snapshotOf(id, "S", 1000), { create: true });
for (let f = 1000; f < N; f += 1000) await opened.store.write(id, entries(f, 1000, text, 400), snapshotOf(id, "S", f + 1000), { create: false });
const client = new pg.Client({ connectionString: server.url });
await client.connect();
const s = `"${opened.schema}"`;
const old = `SELECT -1 AS seq, snapshot AS body FROM ${s}.conversations WHERE id = $1 UNION ALL SELECT seq, body FROM ${s}.entries WHERE state_id = $1 ORDER BY seq`;
const agg = `SELECT c.snapshot, (SELECT '[' || coalesce(string_agg(e.body, ',' ORDER BY e.seq), '') || ']' FROM ${s}.entries e WHERE e.state_id = c.id) AS entries FROM ${s}.conversations c WHERE c.id = $1`;
const time = async (name: string, f: () => Promise<unknown>) => {
  const xs: number[] = [];
  for (let i = 0; i < 12; i++) {
    const t = performance.now();
    await f();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  console.log(name, xs.slice(2).map((x) => x.toFixed(1)).join(" "), "median", xs[6].toFixed(1));
};
await time("old rows+parse", async () => {
  const r = await client.query({ text: old, values: [id], rowMode: "array", name: "o" });
  r.rows.slice(1).map((row: [number, string]) => JSON.parse(row[1]));
});
await time("old rows only", async () => {
  await client.query({ text: old, values: [id], rowMode: "array", name: "o" });
});
await time("agg+parse", async () => {
  const r = await client.query({ text: agg, values: [id], name: "a" });
  JSON.parse(r.rows[0].entries);
});
await time("agg only", async () => {
  await client.query({ text: agg, values: [id], name: "a" });
});
await time("store.read", () => opened.store.read(id));
await time("store.load", () => opened.store.load(id));
await client.end();
await opened.done();
await server.stop();
