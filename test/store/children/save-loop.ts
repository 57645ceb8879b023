/**
 * Saves one entry per write, as an Agent does step by step, and prints `ack <seq>`
 * after each write returned: every printed seq was acknowledged by the store.
 * The parent kills this process with SIGKILL somewhere in the loop.
 */
import { entryAt, makeSnapshot } from "../records";
import { openStoreFromArgs } from "./open-store";

const MAX_ENTRIES = 20_000;

const { store, stateId } = await openStoreFromArgs();
await store.write(stateId, [entryAt(0)], makeSnapshot(stateId, { entryCount: 1 }), { create: true });
process.stdout.write("ack 0\n");
for (let seq = 1; seq < MAX_ENTRIES; seq++) {
  await store.write(stateId, [entryAt(seq)], makeSnapshot(stateId, { entryCount: seq + 1 }), { create: false });
  process.stdout.write(`ack ${seq}\n`);
}
process.stdout.write("done\n");
