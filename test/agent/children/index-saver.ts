/**
 * A child process saving one State many times on a FileStore, so the list index is
 * appended to (and compacted) by another process than the test's.
 *
 * Arguments: <store folder> <State id> <saves>. Creates the State, then saves it `saves`
 * more times, one entry each, the snapshot's updatedAt one minute later each time; prints
 * "DONE <entry count>".
 */
import { FileStore } from "../../../src/main/agent/stores/file/file-store";
import { isoAt, makeSnapshot, userEntry } from "../../store/records";

const [folder, id, saves] = process.argv.slice(2);
const store = new FileStore(folder);
const count = Number(saves);
await store.write(id, [userEntry(0, "first")], makeSnapshot(id, { entryCount: 1, updatedAt: isoAt(1) }), { create: true });
for (let seq = 1; seq <= count; seq++) {
  await store.write(id, [userEntry(seq, `message ${seq}`)], makeSnapshot(id, { entryCount: seq + 1, updatedAt: isoAt(seq + 1) }), { create: false });
}
console.log(`DONE ${count + 1}`);
