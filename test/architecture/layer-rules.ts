/**
 * The layers and which way their arrows point:
 *   renderer → shared ← preload;  electron → service → agent;  nothing points back.
 * Arrows point down only (electron may use the library too, through its barrel). The
 * shared contract and the window import nothing from main (main's layers use the
 * contract); code outside the library reaches it only through its barrel.
 * A rule returns a reason when an import crosses a layer, else null.
 */
import { builtinModules } from "node:module";
import type { ImportRef } from "./import-graph";
import { roomOf } from "./import-circles";

const isNodeBuiltin = (specifier: string) =>
  specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0]);
const isElectron = (specifier: string) => specifier === "electron" || specifier.startsWith("electron/");
const inside = (target: string | null, folder: string) => target !== null && (target === folder || target.startsWith(`${folder}/`));

const isBarrel = (target: string | null) => target === "src/main/agent" || target === "src/main/agent/index" || target === "src/main/agent/index.ts";

/**
 * The library's rooms, lowest first: a room imports only itself and rooms below it. state/
 * (the data and its rules) uses no other room; tools/ and stores/ build on state/; run/ on all.
 */
export const AGENT_ROOMS = ["platform", "errors", "state", "tools", "stores", "run", "index"] as const;
const agentRoom = (path: string) => roomOf("src/main/agent", path);

function agentRoomCrossing(ref: ImportRef): string | null {
  if (!ref.target || !inside(ref.target, "src/main/agent") || isBarrel(ref.target)) return null;
  const [from, to] = [agentRoom(ref.from), agentRoom(ref.target)];
  const [fromRank, toRank] = [AGENT_ROOMS.indexOf(from as never), AGENT_ROOMS.indexOf(to as never)];
  if (fromRank === -1 || toRank === -1) return `the library's room "${fromRank === -1 ? from : to}" has no place in AGENT_ROOMS`;
  if (toRank > fromRank) return `the library's room ${from} must not import ${to}, a room above it (${AGENT_ROOMS.join(" < ")})`;
  return null;
}

export interface LayerRule {
  layer: string;
  check(ref: ImportRef): string | null;
}

export const layerRules: LayerRule[] = [
  {
    layer: "src/main/agent",
    check: (ref) => {
      if (isElectron(ref.specifier)) return "the agent library must not import electron";
      if (ref.target && !inside(ref.target, "src/main/agent")) return "the agent library imports nothing from the app";
      return agentRoomCrossing(ref);
    },
  },
  {
    layer: "src/main/mcp",
    check: (ref) => {
      if (isElectron(ref.specifier)) return "the MCP room runs without electron";
      if (ref.target && !inside(ref.target, "src/main/mcp") && ref.target !== "src/main/agent") {
        return "the MCP room imports only the agent library's barrel (and nothing of the service, window or shared contract)";
      }
      return null;
    },
  },
  {
    layer: "src/main/service",
    check: (ref) => {
      if (isElectron(ref.specifier)) return "the service layer must run without electron";
      for (const folder of ["src/main/electron", "src/renderer", "src/preload"]) {
        if (inside(ref.target, folder)) return `the service layer must not import ${folder}`;
      }
      return null;
    },
  },
  {
    layer: "src/shared",
    check: (ref) => {
      if (isElectron(ref.specifier) || isNodeBuiltin(ref.specifier)) return "the shared contract runs in the window too";
      if (/^src\/shared\/ipc-channels\.ts$/.test(ref.from)) return "the channel names are bundled into the preload: they import nothing";
      if (ref.target && !inside(ref.target, "src/shared")) return "the shared contract imports nothing from main or the window";
      return null;
    },
  },
  {
    layer: "src/preload",
    check: (ref) => {
      if (isElectron(ref.specifier)) return null;
      if (ref.target && inside(ref.target, "src/shared") && ref.typeOnly) return null;
      // The channel names, a file of plain values with no imports: the preload's allow-list.
      if (ref.target && /^src\/shared\/ipc-channels(\.ts)?$/.test(ref.target)) return null;
      if (ref.target && inside(ref.target, "src/shared")) return "the preload imports only types from the shared contract (it is bundled small)";
      return "the preload exposes the contract and imports nothing else";
    },
  },
  {
    layer: "src/renderer",
    check: (ref) => {
      if (isElectron(ref.specifier) || isNodeBuiltin(ref.specifier)) return "the window has no Node or electron";
      if (inside(ref.target, "src/main")) return "the window talks to main only through the shared contract";
      for (const folder of ["src/preload"]) if (inside(ref.target, folder)) return `the window must not import ${folder}`;
      return null;
    },
  },
  {
    layer: "src/main",
    check: (ref) => {
      if (inside(ref.target, "src/renderer") || inside(ref.target, "src/preload")) return "main must not import window code";
      if (isElectron(ref.specifier) && !inside(ref.from, "src/main/electron")) return "only src/main/electron may import electron";
      if (!inside(ref.from, "src/main/agent") && inside(ref.target, "src/main/agent") && !isBarrel(ref.target)) {
        return "code outside the library imports it only through its barrel, src/main/agent/index.ts";
      }
      return null;
    },
  },
];

/** Every crossing in a set of imports, as readable lines. */
export function layerViolations(refs: ImportRef[]): string[] {
  const out: string[] = [];
  for (const ref of refs) {
    for (const rule of layerRules) {
      if (!inside(ref.from, rule.layer)) continue;
      const reason = rule.check(ref);
      if (reason) {
        out.push(`${ref.from} imports "${ref.specifier}": ${reason}`);
        break; // one line per crossing import
      }
    }
  }
  return out;
}
