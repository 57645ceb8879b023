/** Under plain Node, when no one gave a launch: guards as Node child processes, servers in the app's own environment. */
import type { ServerLaunch } from "./guard-launcher";
import { nodeGuardLauncher } from "./node-guard-launcher";

let launch: ServerLaunch | null = null;

export function defaultServerLaunch(): ServerLaunch {
  launch ??= { guards: nodeGuardLauncher(), environment: async () => null };
  return launch;
}
