/**
 * Every figure a run must produce, for the mode's sizes. The bench test checks a quick run's
 * JSON against this list, so a measurement that silently stopped producing a number fails.
 */
import type { BenchConfig } from "./config";
import { sizeRange } from "./config";

const SAVE_PREFIXES = ["save.sqlite.store", "save.sqlite.agent", "save.file.store", "save.file.agent", "save.naive.doc"];
const OURS = SAVE_PREFIXES.filter((prefix) => !prefix.startsWith("save.naive"));

export const WINDOW_FIGURES = [
  "window.firstPaintMs",
  "window.open.firstMs",
  "window.open.medianMs",
  "window.open.longTasks",
  "window.open.maxLongTaskMs",
  "window.fetch.ms",
  "window.fetch.parseMs",
  "window.fetch.MB",
  "window.streamFresh.longTasks",
  "window.streamFresh.maxLongTaskMs",
  "window.streamFresh.frameP99Ms",
  "window.scroll.frames",
  "window.scroll.ms",
  "window.scroll.longTasks",
  "window.scroll.maxLongTaskMs",
  "window.scroll.frameP99Ms",
  "window.scroll.rowsInPage",
  "window.stream.tokens",
  "window.stream.deltasReceived",
  "window.stream.renders",
  "window.stream.ms",
  "window.stream.longTasks",
  "window.stream.maxLongTaskMs",
  "window.stream.frameP99Ms",
  "window.run.ms",
  "window.run.longTasks",
  "window.run.maxLongTaskMs",
  "window.trace.longTasks",
  "window.trace.longTaskMs",
  "window.trace.scriptMs",
  "window.trace.forcedLayoutMs",
  "window.trace.renderingMs",
  "window.trace.gcMs",
  "window.experiment.contentVisibility.longTasks",
  "window.experiment.contentVisibility.maxLongTaskMs",
  "window.experiment.contentVisibility.frameP99Ms",
  "window.memory.afterOpenMB",
  "window.memory.afterScrollMB",
  "window.memory.afterStreamMB",
  "window.domNodes.afterOpen",
  "window.domNodes.afterScroll",
  ...["ordinary", "underscores", "stars", "table", "code", "unclosedFence", "nestedFences", "paragraph"].flatMap((reply) =>
    ["longTasks", "maxLongTaskMs", "runMaxLongTaskMs", "maxTaskCpuMs", "mainCpuMs", "majorGcs", "deltaToPaintP95Ms", "afterMaxTaskCpuMs"].map((figure) => `windowMarkdown.${reply}.${figure}`),
  ),
  "windowMarkdown.maxLongTaskMs",
  "windowMarkdown.maxTaskCpuMs",
  "windowMarkdown.deltaToPaintP95Ms",
  "windowMarkdown.afterReplyMaxTaskCpuMs",
  "windowMarkdown.floor.mainCpuMs",
  "windowMarkdown.ordinaryOverFloor",
  "windowLaunch.serviceMs",
  "windowLaunch.hostCodeLoadedMs",
  "windowLaunch.hostServiceOpenMs",
  "windowLaunch.hostFirstScreenReadMs",
  "windowLaunch.hostLaunchArrivedMs",
  "windowLaunch.launchServiceMs",
  "windowLaunch.launchAnswerKB",
  "windowLaunch.firstPaintMs",
  "windowLaunch.readyMs",
  "windowLaunch.sidebarMs",
  "windowLaunch.interactiveMs",
  "windowLaunch.interactiveTotalMs",
  "windowLaunch.conversationMs",
  "windowLaunch.totalMs",
  "windowLaunch.visibleMs",
  "windowLaunch.visibleTotalMs",
  ...["firstPaintMs", "sidebarMs", "conversationMs", "totalMs"].map((figure) => `windowLaunch.noKeptScreen.${figure}`),
  "windowLaunch.mcp.firstPaintMs",
  "windowLaunch.mcp.totalMs",
  "windowLaunch.mcp.firstPaintDiffMs",
  "windowLaunch.mcp.startedMs",
  "windowLaunch.mcp.readyMs",
  "windowLaunch.cpu.keptMs",
  "windowLaunch.cpu.noKeptScreenMs",
  "windowLaunch.floor.totalMs",
  "windowLaunch.floor.cpuMs",
  ...["later", "laterCodeCache"].flatMap((kind) =>
    ["serviceMs", "firstPaintMs", "readyMs", "sidebarMs", "interactiveTotalMs", "conversationMs", "totalMs", "consumedCodeCacheKB"].map((figure) => `windowLaunch.${kind}.${figure}`),
  ),
  "windowMemory.tokens",
  "windowMemory.beforeMB",
  "windowMemory.after1MB",
  "windowMemory.after2MB",
  "windowMemory.after3MB",
  "windowMemory.growthAfterFirstMB",
  "windowMemory.growthAfterLastMB",
  "windowMemory.peakMB",
  "windowMemory.eventLogEntries",
];

export function expectedFigures(config: BenchConfig): string[] {
  const keys: string[] = [];
  for (const prefix of SAVE_PREFIXES) {
    for (const size of config.historySizes) {
      for (const figure of ["medianMs", "p99Ms", "writtenBytesPerStep", "storedBytesPerStep"]) keys.push(`${prefix}.${size}.${figure}`);
    }
    keys.push(`${prefix}.ratio`);
  }
  for (const prefix of OURS) keys.push(`${prefix}.vsBaseline`);
  for (const prefix of OURS.filter((p) => p.endsWith(".agent"))) {
    for (const size of config.historySizes) {
      for (const figure of ["writeCallsPerStep", "writeMsPerStep", "leasesPerStep", "leaseMsPerStep"]) keys.push(`${prefix}.${size}.${figure}`);
    }
  }
  keys.push("floor.payloadBytes", "floor.medianMs", "floor.p99Ms", "floor.writtenBytesPerSave");
  for (const prefix of ["save.sqlite.store", "save.sqlite.agent"]) {
    keys.push(`${prefix}.vsFloor`, `${prefix}.floor.medianMs`, `${prefix}.floor.p99Ms`, `${prefix}.floor.writtenBytesPerSave`);
  }
  keys.push("save.sqlite.agent.floor.writeMsPerSave", "save.sqlite.agent.floor.leaseMsPerSave");
  for (const store of ["sqlite", "file"]) {
    keys.push(`load.${store}.medianMs`, `load.${store}.p99Ms`, `load.${store}.readMedianMs`);
    keys.push(`list.${store}.firstPage.medianMs`, `list.${store}.firstPage.p99Ms`);
    keys.push(`storage.${store}.rawBytes`, `storage.${store}.storedBytes`, `storage.${store}.ratio`);
  }
  for (const part of ["entries", "searchIndex", "snapshots", "conversations", "other", "freePages"]) keys.push(`storage.sqlite.parts.${part}Bytes`);
  keys.push("storage.sqlite.entryJsonBytes", "storage.sqlite.duplicatedTextBytes", "storage.sqlite.searchColumnBytes");
  for (const turns of config.postgresStorageTurns) {
    for (const figure of ["rawBytes", "storedBytes", "ratio", "langGraphOverOurs", "oursOverLangGraph", "parts.entriesBytes", "parts.entries_entries_wordsBytes", "parts.conversationsBytes"]) keys.push(`storage.postgres.${turns}.${figure}`);
    keys.push(`storage.langgraph.${turns}.storedBytes`, `storage.langgraph.${turns}.ratio`);
  }
  for (const kind of ["rare", "common"]) keys.push(`search.sqlite.${kind}.medianMs`, `search.sqlite.${kind}.p99Ms`);
  for (const store of ["memory", "sqlite", "sqliteNormal"]) {
    for (const length of config.agentHistorySizes) {
      for (const figure of ["stepMedianMs", "bareSdkMedianMs", "overheadMedianMs", "overheadP99Ms", "overheadCpuMs", "savesPerStep", "writeMsPerStep", "leaseMsPerStep", "ownMedianMs", "requestKB"]) {
        keys.push(`agent.${store}.${length}.${figure}`);
      }
    }
  }
  if (config.agentHistorySizes.length > 1) {
    keys.push(`agent.memory.${Math.min(...config.agentHistorySizes)}.sameBytes.ownMedianMs`, "agent.memory.ownRatio", "agent.memory.entriesRatio");
  }
  keys.push("caching.weightedOn", "caching.weightedOff", "caching.ratio");
  keys.push("attachments.pdf20.durableMs", "attachments.pdf20.rssGrowthMB", "attachments.pdf20.heapGrowthMB");
  for (const figure of ["list.noneMs", "list.storedMs", "search.noneMs", "search.storedMs"]) keys.push(`attachments.${figure}`);
  const { smallest, largest } = sizeRange(config);
  for (const variant of ["shipped", "noPrefix", "noSearch", "normal"]) {
    for (const size of [smallest, largest]) {
      for (const figure of ["medianMs", "p99Ms", "writtenBytesPerSave", "storedBytesPerSave", "storedVsRaw"]) keys.push(`why.sqlite.${variant}.${size}.${figure}`);
    }
  }
  keys.push("mcp.call.sdkMedianMs", "mcp.call.appMedianMs", "mcp.call.overheadMedianMs");
  keys.push("mcp.start.noneMedianMs", "mcp.start.threeMedianMs", "mcp.start.differenceMs");
  keys.push(...WINDOW_FIGURES);
  for (const size of config.importSizesMB) {
    for (const figure of ["MBps", "cpuSeconds", "peakRssMB", "rssGrowthMB", "conversations"]) keys.push(`import.${size}MB.${figure}`);
  }
  return keys;
}
