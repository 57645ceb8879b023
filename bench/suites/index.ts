/** The measurements, in the order they run. Each reads and writes figures on the report. */
import type { BenchConfig } from "../config";
import type { Report } from "../lib/report";
import { agentSaveSubject } from "../subjects/agent-subject";
import { naiveSubject } from "../subjects/naive-subject";
import { sqliteStoreSettings } from "../subjects/sqlite-settings";
import { openFiles, openSqlite } from "../subjects/store-handle";
import { storeWriteSubject } from "../subjects/store-subject";
import { runAgentOverhead } from "./agent-overhead";
import { runFloor } from "./floor";
import { runLoadList } from "./load-list";
import { runSaveCost, savePrefix } from "./save-cost";
import { runSqliteVariants } from "./sqlite-variants";
import { runStorage } from "./storage";
import { runWindow } from "./window";

export interface SuiteContext {
  report: Report;
  config: BenchConfig;
  /** Values one suite hands to a later one (the floor commits the bytes the save suite saved). */
  shared: Map<string, unknown>;
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

const SQLITE_PAYLOAD = "sqlite step payload";

export const suites: Suite[] = [
  {
    name: "save",
    async run({ report, config, shared }) {
      const payloads = await runSaveCost(report, config, saveSubjects);
      shared.set(SQLITE_PAYLOAD, payloads.get("save.sqlite.agent") ?? payloads.get("save.sqlite.store"));
    },
  },
  {
    name: "floor",
    async run({ report, config, shared }) {
      const payload = shared.get(SQLITE_PAYLOAD);
      if (typeof payload !== "string") throw new Error("the floor needs the save suite's SqliteStore payload: run it with --only save,floor");
      const ours = saveSubjects.filter((s) => s.key === "sqlite").map(savePrefix);
      await runFloor(report, config, await sqliteStoreSettings(), payload, ours);
    },
  },
  { name: "why", run: ({ report, config }) => runSqliteVariants(report, config) },
  { name: "load", run: ({ report, config }) => runLoadList(report, config) },
  { name: "agent", run: ({ report, config }) => runAgentOverhead(report, config) },
  { name: "storage", run: ({ report, config }) => runStorage(report, config) },
  { name: "window", run: ({ report, config }) => runWindow(report, config) },
];
