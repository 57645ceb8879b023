import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startModelServer } from "../test/support/model-server";
import { withLongConversationPage } from "./window/long-conversation-page";
import { LONG_ID } from "./window/seed";
import { ensureBuiltWindow, isSummaryRequest } from "./suites/window";
import { markdownReplies } from "./suites/window-markdown";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const names = (process.env.REPLIES ?? "unclosedFence").split(",");
const repeat = Number(process.env.REPEAT ?? 2);
const CATS = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "v8", "disabled-by-default-v8.gc", "toplevel", "blink.user_timing", "cc", "renderer.scheduler", "disabled-by-default-cppgc", "cppgc"];

async function main() {
  ensureBuiltWindow();
  const replies = markdownReplies(200_000);
  const queue: string[] = [];
  const server = await startModelServer({
    fallback: (request) => {
      if (isSummaryRequest(request)) return { text: "A short summary.", chunks: 1 };
      const text = queue.shift() ?? "Nothing scripted.";
      return { text, chunks: Math.ceil(text.length / 40), delayMs: 2 };
    },
  });
  await withLongConversationPage(ROOT, server.url, { messages: 4, entryChars: 2000 }, async ({ browser, page }) => {
    for (let r = 0; r < repeat; r++) for (const name of names) {
      queue.push(replies[name]);
      await page.fill('[aria-label="Message"]', `Please send the ${name} reply.`);
      await browser.startTracing(page, { categories: CATS });
      await page.evaluate(`window.__bench.sendAndStream(${JSON.stringify(LONG_ID)}, 600000)`);
      const json = (await browser.stopTracing()).toString("utf8");
      const file = `/tmp/md/trace-${name}-${r}.json`;
      writeFileSync(file, json);
      analyse(name, json);
    }
  });
  await server.close();
}

function analyse(name: string, json: string) {
  const parsed = JSON.parse(json);
  const events: any[] = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const th = (e: any) => `${e.pid}:${e.tid}`;
  const mains = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map(th));
  const busy = new Map<string, number>();
  for (const e of events) if (e.ph === "X" && e.name === "ThreadControllerImpl::RunTask" && mains.has(th(e))) busy.set(th(e), (busy.get(th(e)) ?? 0) + (e.tdur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0][0];
  const on = events.filter((e) => th(e) === main && (e.ph === "X" || e.ph === "B" || e.ph === "E")).sort((a, b) => a.ts - b.ts);
  const tasks = on.filter((e) => e.ph === "X" && e.name === "ThreadControllerImpl::RunTask" && (e.tdur ?? 0) >= 40000);
  const start = on[0]?.ts ?? 0;
  console.log(`== ${name}: ${tasks.length} tasks >= 40 ms CPU`);
  for (const t of tasks) {
    const end = t.ts + t.dur;
    const inside = on.filter((e) => e.ph === "X" && e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end);
    // self time per name (approximate: duration minus direct children)
    const byName = new Map<string, number>();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([n, d]) => `${n}:${(d / 1000).toFixed(1)}`);
    console.log(`  at ${((t.ts - start) / 1000).toFixed(0)} ms: wall ${(t.dur / 1000).toFixed(1)} cpu ${(t.tdur / 1000).toFixed(1)} src=${t.args?.src_file ?? ""}:${t.args?.src_func ?? ""}\n    ${top.join("  ")}`);
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
