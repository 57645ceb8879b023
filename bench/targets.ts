/**
 * The targets, each beside the figure it is judged on. Printed with pass or MISS;
 * never a reason for the run to fail (timing on a busy CI machine is noise).
 */
import type { BenchConfig } from "./config";
import { sizeRange } from "./config";
import type { Report } from "./lib/report";

export function checkTargets(report: Report, config: BenchConfig): void {
  const { smallest, largest } = sizeRange(config);
  const sizes = `${largest.toLocaleString("en-US")} / ${smallest} entries`;
  report.target(`save flat, SqliteStore via agent.save: ${sizes}`, "save.sqlite.agent.ratio", "<=", 1.3, "x");
  report.target(`save flat, SqliteStore via Store.write: ${sizes}`, "save.sqlite.store.ratio", "<=", 1.3, "x");
  report.target(`save flat, FileStore via agent.save: ${sizes}`, "save.file.agent.ratio", "<=", 1.3, "x");
  report.target(`save flat, FileStore via Store.write: ${sizes}`, "save.file.store.ratio", "<=", 1.3, "x");
  report.target("SqliteStore save (agent.save) vs bare commit", "save.sqlite.agent.vsFloor", "<=", 2, "x");
  report.target("SqliteStore save (Store.write) vs bare commit", "save.sqlite.store.vsFloor", "<=", 2, "x");
  report.target(`bytes after ${config.storageTurns} turns vs raw text, SqliteStore`, "storage.sqlite.ratio", "<=", 2, "x");
  report.target(`bytes after ${config.storageTurns} turns vs raw text, FileStore`, "storage.file.ratio", "<=", 2, "x");
  const n = config.listConversations.toLocaleString("en-US");
  report.target(`list first page of ${n}, SqliteStore`, "list.sqlite.firstPage.medianMs", "<=", 20, "ms");
  report.target(`list first page of ${n}, FileStore`, "list.file.firstPage.medianMs", "<=", 20, "ms");
  const entries = config.loadEntries.toLocaleString("en-US");
  report.target(`load ${entries} entries, SqliteStore`, "load.sqlite.medianMs", "<=", 50, "ms");
  report.target(`load ${entries} entries, FileStore`, "load.file.medianMs", "<=", 50, "ms");
  report.target(`create a branch anywhere in ${entries} entries vs an ordinary save, SqliteStore`, "branches.sqlite.createVsSave", "<=", 2, "x");
  report.target(`create a branch anywhere in ${entries} entries vs an ordinary save, FileStore`, "branches.file.createVsSave", "<=", 2, "x");
  report.target(`load a branch of ${entries} entries, SqliteStore`, "branches.sqlite.loadMedianMs", "<=", 50, "ms");
  report.target(`load a branch of ${entries} entries, FileStore`, "branches.file.loadMedianMs", "<=", 50, "ms");
  const agentLength = Math.min(...config.agentHistorySizes);
  report.target("agent overhead per step, SqliteStore (synchronous=FULL, the default)", `agent.sqlite.${agentLength}.overheadMedianMs`, "<=", 1, "ms");
  report.target("agent overhead per step, SqliteStore (synchronous=NORMAL)", `agent.sqliteNormal.${agentLength}.overheadMedianMs`, "<=", 1, "ms");
  report.target("agent overhead per step, in-memory store", `agent.memory.${agentLength}.overheadMedianMs`, "<=", 1, "ms");
  report.target(`save flat, PostgresStore (a run's save, lease checked): ${sizes}`, "save.postgres.ratio", "<=", 1.3, "x");
  report.target("PostgresStore save vs bare single-row commit, same server", "save.postgres.vsFloor", "<=", 2, "x");
  report.target(`list first page of ${n}, PostgresStore`, "list.postgres.firstPage.medianMs", "<=", 20, "ms");
  report.target(`load ${entries} entries, PostgresStore`, "load.postgres.medianMs", "<=", 50, "ms");
  report.target("PostgreSQL bytes after 500 turns vs raw text, PostgresStore (as the server leaves them)", "storage.postgres.500.ratio", "<=", 3, "x");
  report.target("PostgreSQL bytes after 500 turns, PostgresStore vs LangGraph's PostgreSQL checkpointer (same server and turns)", "storage.postgres.500.oursOverLangGraph", "<=", 0.02, "x");
  const longest = Math.max(...config.agentHistorySizes).toLocaleString("en-US");
  report.target(`library's own time per step, ${longest} / ${agentLength} entries, requests of the same size (in-memory store)`, "agent.memory.entriesRatio", "<=", 1.3, "x");
  report.target(`library's own time per step, OpenAI-compatible provider over the Anthropic path (largest difference, ${agentLength} to ${longest} entries)`, "providers.openaiOverAnthropicMs", "<=", 0.2, "ms");
  report.target(`library's own time per step on the OpenAI-compatible provider, ${longest} / ${agentLength} entries, requests of the same size`, "providers.openai.entriesRatio", "<=", 1.3, "x");
  const stored = `${config.attachmentsStoredMB.toLocaleString("en-US")} MB of attachments stored vs none`;
  report.target(`list first page of ${n}, ${stored} (unchanged: within noise)`, "attachments.list.storedVsNone", "<=", 1.25, "x");
  report.target(`search ${n} conversations, ${stored} (unchanged: within noise)`, "attachments.search.storedVsNone", "<=", 1.25, "x");
  report.target("attachment files opened while listing and searching", "attachments.listSearch.filesOpened", "==", 0, "");
  report.target(`prompt caching: weighted input tokens over ${config.cachingTurns} turns vs no caching`, "caching.ratio", "<=", 0.25, "x");
  report.target("MCP call through the app vs a bare SDK callTool, same server (overhead, median)", "mcp.call.overheadMedianMs", "<=", 2, "ms");
  report.target("service start to first answered request, three stdio MCP servers vs none", "mcp.start.differenceMs", "<=", 10, "ms");
  const messages = config.windowMessages.toLocaleString("en-US");
  report.target(`window: open ${messages} messages (median of repeated opens)`, "window.open.medianMs", "<=", 300, "ms");
  report.target(`window: open ${messages} messages (the first open)`, "window.open.firstMs", "<=", 300, "ms");
  report.target(`window: long tasks while streaming ${config.windowTokens} tokens after scrolling`, "window.stream.longTasks", "==", 0, "");
  report.target(`window: long tasks while streaming ${config.windowTokens} tokens right after opening`, "window.streamFresh.longTasks", "==", 0, "");
  report.target("window: launch to the reopened conversation visible (the first screen kept from the last session; bundled host, 10,000 conversations)", "windowLaunch.visibleTotalMs", "<=", 400, "ms");
  report.target("window: launch to an interactive sidebar, reopening a 5,000-message conversation (live rows, and no long task holding the page from the one that rendered them until the conversation is shown; bundled host, 10,000 conversations)", "windowLaunch.interactiveTotalMs", "<=", 400, "ms");
  report.target("window: launch to the live reopened conversation shown (bundled host, 10,000 conversations)", "windowLaunch.totalMs", "<=", 400, "ms");
  report.target("window: first paint later with three stdio MCP servers configured than with none (median of paired launches)", "windowLaunch.mcp.firstPaintDiffMs", "<=", 10, "ms");
  report.target("window: longest task while Markdown replies up to 200 KB stream (adversarial ones too)", "windowMarkdown.maxLongTaskMs", "<=", 50, "ms");
  report.target("window: CPU time of the longest task while Markdown replies up to 200 KB stream (adversarial ones too)", "windowMarkdown.maxTaskCpuMs", "<=", 50, "ms");
  const reply = config.mode === "full" ? "200 KB" : "2 KB";
  report.target(`window: main-thread CPU while an ordinary ${reply} reply streams`, "windowMarkdown.ordinary.mainCpuMs", "<=", 2000, "ms");
  report.target(`window: main-thread CPU while a ${reply} table reply streams`, "windowMarkdown.table.mainCpuMs", "<=", 3000, "ms");
  report.target("window: a streamed delta from the model server to the render showing it, p95 (worst reply)", "windowMarkdown.deltaToPaintP95Ms", "<=", 50, "ms");
  report.target("window: heap after a long reply finishes, above before (after GC)", "windowMemory.growthAfterFirstMB", "<=", 10, "MB");
  report.target("window: heap after three long replies, above before (after GC)", "windowMemory.growthAfterLastMB", "<=", 10, "MB");
  report.target("window: largest heap while a long reply streams", "windowMemory.peakMB", "<=", 150, "MB");
}
