/** The measurements, in the order they run. Each reads and writes figures on the report. */
import type { BenchConfig } from "../config";
import type { Report } from "../lib/report";
import { agentSaveSubject } from "../subjects/agent-subject";
import { naiveSubject } from "../subjects/naive-subject";
import { sqliteStoreSettings } from "../subjects/sqlite-settings";
import { openFiles, openSqlite } from "../subjects/store-handle";
import { storeWriteSubject } from "../subjects/store-subject";
import { runAgentOverhead } from "./agent-overhead";
import { runProviderOverhead } from "./provider-overhead";
import { runBranches } from "./branches";
import { runFloor } from "./floor";
import { runPromptCaching } from "./prompt-caching";
import { runAttachments } from "./attachments";
import { runImport } from "./import";
import { runLoadList } from "./load-list";
import { runMcp } from "./mcp";
import { runPostgres } from "./postgres";
import { runPostgresStorage } from "./postgres-storage";
import { runSaveCost } from "./save-cost";
import { runSqliteVariants } from "./sqlite-variants";
import { runStorage } from "./storage";
import { runWindow } from "./window";
import { runWindowLaunch } from "./window-launch";
import { runWindowMarkdown } from "./window-markdown";
import { runWindowMemory } from "./window-memory";

export interface SuiteContext {
  report: Report;
  config: BenchConfig;
}

export interface Suite {
  name: string;
  run(context: SuiteContext): Promise<void>;
}

export const saveSubjects = [
  storeWriteSubject("sqlite", "SqliteStore", openSqlite),
  agentSaveSubject("sqlite", "SqliteStore", openSqlite),
  storeWriteSubject("file", "FileStore", openFiles),
  agentSaveSubject("file", "FileStore", openFiles),
  naiveSubject,
];

export const suites: Suite[] = [
  { name: "save", run: ({ report, config }) => runSaveCost(report, config, saveSubjects) },
  { name: "floor", run: async ({ report, config }) => runFloor(report, config, await sqliteStoreSettings()) },
  { name: "why", run: ({ report, config }) => runSqliteVariants(report, config) },
  { name: "load", run: ({ report, config }) => runLoadList(report, config) },
  { name: "branches", run: ({ report, config }) => runBranches(report, config) },
  { name: "agent", run: ({ report, config }) => runAgentOverhead(report, config) },
  { name: "providers", run: ({ report, config }) => runProviderOverhead(report, config) },
  { name: "caching", run: ({ report, config }) => runPromptCaching(report, config) },
  { name: "attachments", run: ({ report, config }) => runAttachments(report, config) },
  { name: "mcp", run: ({ report, config }) => runMcp(report, config) },
  { name: "storage", run: ({ report, config }) => runStorage(report, config) },
  { name: "window", run: ({ report, config }) => runWindow(report, config) },
  { name: "window-launch", run: ({ report, config }) => runWindowLaunch(report, config) },
  { name: "window-markdown", run: ({ report, config }) => runWindowMarkdown(report, config) },
  { name: "window-memory", run: ({ report, config }) => runWindowMemory(report, config) },
  { name: "postgres", run: ({ report, config }) => runPostgres(report, config) },
  { name: "postgres-storage", run: ({ report, config }) => runPostgresStorage(report, config) },
  { name: "import", run: ({ report, config }) => runImport(report, config) },
];
