import { runCampaign } from "./campaign";
import { formatTable } from "./report-table";
const names = process.argv[2].split(",") as any;
const r = await runCampaign({ seed: Number(process.argv[3] ?? 1), runs: Number(process.argv[4] ?? names.length), stores: (process.argv[5] ?? "sqlite,file").split(",") as any, concurrency: 3, scenarios: names, log: (l) => console.log(l.slice(0, 400)) });
console.log(formatTable(r.tallies)); console.log((await import("./report-table")).formatSeen(r.tallies));
for (const t of Object.values(r.tallies)) for (const f of t!.failures.slice(0, 30)) console.log("-", f.slice(0, 600));
