import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, projectImports } from "./import-graph";
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
  ])("an allowed arrow passes: %s ← %s", (file, line) => {
    expect(crossing(file, line)).toEqual([]);
  });
});
