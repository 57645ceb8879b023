/**
 * Imports one file into a fresh SqliteStore in a process of its own, so its memory is the
 * import's alone: prints the time (wall and CPU), the conversations and the peak memory (sampled at every
 * progress report and every 20 ms) as one JSON line.
 */
import { SqliteStore } from "../../src/main/agent";
import { importFile } from "../../src/main/service/transfer/import-file";

async function main(): Promise<void> {
  const [file, database] = process.argv.slice(2);
  const store = new SqliteStore(database);
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const report = await importFile(store, file, { onProgress: sample });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(timer);
  store.close();
  if (report.error) throw new Error(report.error);
  console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, conversations: report.imported.length, baseRssMB: mb(base.rss), peakRssMB: mb(peakRss), peakHeapMB: mb(peakHeap) }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
