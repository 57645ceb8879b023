/**
 * Races for a State's lease: prints `ready`, waits for `go` on stdin, then tries to
 * take the lease. Prints `held <pid>` and, as the runner, saves two more entries
 * (`saved`) and stays alive until killed; or prints `busy <error>` and exits.
 */
import readline from "node:readline";
import { entryAt, makeSnapshot } from "../records";
import { openStoreFromArgs } from "./open-store";

const { store, stateId } = await openStoreFromArgs();
const input = readline.createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => input.on("line", (line) => line === "go" && resolve()));
process.stdout.write("ready\n");
await go;
try {
  await store.acquireLease(stateId);
} catch (error) {
  process.stdout.write(`busy ${(error as Error).name}: ${(error as Error).message}\n`);
  process.exit(0);
}
process.stdout.write(`held ${process.pid}\n`);
const saved = await store.read(stateId);
const next = saved!.entries.length;
await store.write(stateId, [entryAt(next), entryAt(next + 1)], makeSnapshot(stateId, { entryCount: next + 2 }), { create: false });
process.stdout.write("saved\n");
setInterval(() => undefined, 60_000); // keep running (and heartbeating) until killed
