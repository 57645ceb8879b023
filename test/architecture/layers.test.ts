import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, projectImports, sourceFiles } from "./import-graph";
import { circlesOf, importGraph, roomOf } from "./import-circles";
import { layerViolations } from "./layer-rules";

const root = resolve(__dirname, "../..");

describe("layers point one way", () => {
  it("the project's own source crosses no layer", () => {
    const refs = ["src/main", "src/shared", "src/preload", "src/renderer"].flatMap((folder) => projectImports(root, folder));
    expect(refs.length).toBeGreaterThan(10);
    expect(layerViolations(refs)).toEqual([]);
  });

  it("the agent library really is read (it has imports of its own)", () => {
    const refs = projectImports(root, "src/main/agent");
    expect(refs.some((ref) => ref.target?.startsWith("src/main/agent/"))).toBe(true);
  });

  const crossing = (file: string, line: string) => layerViolations(importsOf(root, file, line));

  it.each([
    ["src/main/agent/agent.ts", 'import { app } from "electron";'],
    ["src/main/agent/agent.ts", 'import { AlpineService } from "../service/alpine-service";'],
    ["src/main/service/runs.ts", 'import { BrowserWindow } from "electron";'],
    ["src/main/service/runs.ts", 'import { createWindow } from "../electron/window";'],
    ["src/shared/ipc-contract.ts", 'import { readFileSync } from "node:fs";'],
    ["src/shared/ipc-contract.ts", 'import { Agent } from "../main/agent/agent";'],
    ["src/renderer/src/App.tsx", 'import { ipcRenderer } from "electron";'],
    ["src/renderer/src/App.tsx", 'import { Agent } from "../../main/agent/agent";'],
    ["src/preload/index.ts", 'import { requestSchemas } from "../shared/ipc-contract";'],
    ["src/main/agent/agent.ts", 'const x = require("../electron/window");'],
    ["src/shared/ipc-channels.ts", 'import { z } from "zod";'],
    // No exceptions: not even types cross from main into the contract or the window.
    ["src/shared/ipc-contract.ts", 'import type { StepEvent } from "../main/agent/events";'],
    ["src/shared/view-types.ts", 'import type { StoppedBy } from "../main/agent";'],
    ["src/shared/view-types.ts", 'import type { Settings } from "../main/service/settings";'],
    ["src/renderer/src/store/live-run.ts", 'import type { StepEvent } from "../../../main/agent/events";'],
    ["src/renderer/src/store/live-run.ts", 'import type { StepEvent } from "../../../main/agent";'],
    ["src/renderer/src/App.tsx", 'import { ConversationView } from "../../main/service/conversation-view";'],
    ["src/renderer/src/App.tsx", 'import { alpine } from "../../preload/index";'],
    ["src/shared/ipc-contract.ts", 'import { Markdown } from "../renderer/src/markdown/markdown";'],
    // Down only, and the library only through its barrel.
    ["src/main/electron/main.ts", 'import { Agent } from "../agent/agent";'],
    ["src/main/service/runs.ts", 'import { Agent } from "../agent/agent";'],
    ["src/main/service/runs.ts", 'import { createMainWindow } from "../electron/window";'],
    // Inside the library, rooms import downward only: state/ uses no other room, tools/ nothing above state/.
    ["src/main/agent/state/restore.ts", 'import { openCalls } from "../run/context";'],
    ["src/main/agent/state/state.ts", 'import type { Lease } from "../stores/store";'],
    ["src/main/agent/state/history.ts", 'import type { ToolResultBlock } from "../tools/tool-result";'],
    ["src/main/agent/tools/tool.ts", 'import type { Store } from "../stores/store";'],
    ["src/main/agent/stores/store.ts", 'import { saveState } from "../run/agent";'],
    ["src/main/agent/platform/atomic-file.ts", 'import { StoreCorruptError } from "../errors";'],
  ])("a crossing is caught: %s ← %s", (file, line) => {
    expect(crossing(file, line)).toHaveLength(1);
  });

  it.each([
    ["src/main/electron/main.ts", 'import { app } from "electron";'],
    ["src/main/electron/main.ts", 'import { AlpineService } from "../service/alpine-service";'],
    ["src/main/service/runs.ts", 'import { Agent } from "../agent";'],
    ["src/main/service/runs.ts", 'import { Agent } from "../agent/index";'],
    ["src/main/electron/secrets.ts", 'import { writeFileAtomicSync } from "../agent";'],
    ["src/main/service/runs.ts", 'import type { StepEvent } from "../../shared/wire-types";'],
    ["src/main/electron/ipc.ts", 'import { requestSchemas } from "../../shared/ipc-contract";'],
    ["src/shared/ipc-contract.ts", 'import type { StepEvent } from "./wire-types";'],
    ["src/shared/ipc-contract.ts", 'import { z } from "zod";'],
    ["src/preload/index.ts", 'import type { AlpineApi } from "../shared/ipc-contract";'],
    ["src/preload/index.ts", 'import { REQUEST_CHANNELS } from "../shared/ipc-channels";'],
    ["src/renderer/src/store/live-run.ts", 'import type { StepEvent } from "../../../shared/wire-types";'],
    ["src/renderer/src/App.tsx", 'import type { AlpineApi } from "../../shared/ipc-contract";'],
    ["src/main/agent/stores/store.ts", 'import { restoreState } from "../state/restore";'],
    ["src/main/agent/tools/tool.ts", 'import type { State } from "../state/state";'],
    ["src/main/agent/run/agent.ts", 'import type { Lease, Store } from "../stores/store";'],
    ["src/main/agent/state/restore.ts", 'import { StoreCorruptError } from "../errors";'],
  ])("an allowed arrow passes: %s ← %s", (file, line) => {
    expect(crossing(file, line)).toEqual([]);
  });
});

describe("no import circles", () => {
  const agent = "src/main/agent";
  const graphOf = (folder: string, nodeOf?: (file: string) => string) => importGraph(projectImports(root, folder), sourceFiles(root, folder), nodeOf);

  it("the library's rooms (state, tools, stores, run...) do not import each other in a circle", () => {
    const rooms = graphOf(agent, (file) => roomOf(agent, file));
    expect(rooms.get("run")?.has("state")).toBe(true); // the graph is really read
    expect(circlesOf(rooms)).toEqual([]);
  });

  it("no two files of the service import each other, directly or round a circle", () => {
    const files = graphOf("src/main/service");
    expect(files.size).toBeGreaterThan(50);
    expect(circlesOf(files)).toEqual([]);
  });

  const lines = (imports: Record<string, string>) => ({
    refs: Object.entries(imports).flatMap(([file, line]) => importsOf(root, file, line)),
    files: Object.keys(imports),
  });

  it("a circle between rooms is found, through type-only imports too, and one inside a room is not", () => {
    const { refs, files } = lines({
      "src/main/agent/state/restore.ts": 'import { openCalls } from "../run/context";',
      "src/main/agent/run/context.ts": 'import type { State } from "../state/state";',
      "src/main/agent/state/state.ts": 'import { restoreState } from "./restore";',
      "src/main/agent/stores/a.ts": 'import { b } from "./b";',
      "src/main/agent/stores/b.ts": 'import { a } from "./a";',
    });
    expect(circlesOf(importGraph(refs, files, (file) => roomOf(agent, file)))).toEqual([["run", "state"]]);
  });

  it("a circle of files is found however long, with folder indexes and the files beside it left out", () => {
    const { refs, files } = lines({
      "src/main/service/request-handlers.ts": 'import { mcpRequestHandlers } from "./mcp";',
      "src/main/service/mcp/index.ts": 'export * from "./mcp-request-handlers";',
      "src/main/service/mcp/mcp-request-handlers.ts": 'import type { RequestHandlers } from "../request-handlers";',
      "src/main/service/alpine-service.ts": 'import { createRequestHandlers } from "./request-handlers";',
    });
    expect(circlesOf(importGraph(refs, files))).toEqual([
      ["src/main/service/mcp/index.ts", "src/main/service/mcp/mcp-request-handlers.ts", "src/main/service/request-handlers.ts"],
    ]);
  });
});
