/**
 * Imports a file into a SqliteStore and says "imported <n>" each time the count grows, so a
 * test can kill it in the middle of an import at a known point.
 */
import { SqliteStore } from "../../../src/main/agent";
import { importFile } from "../../../src/main/service/transfer/import-file";

const [file, database] = process.argv.slice(2);
const store = new SqliteStore(database);
let said = 0;
importFile(store, file, {
  chunkBytes: 16 * 1024,
  onProgress: (progress) => {
    if (progress.imported > said) {
      said = progress.imported;
      process.stdout.write(`imported ${said}\n`);
    }
  },
}).then(() => store.close());
