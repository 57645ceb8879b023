/**
 * Node's compile cache for the main process: the code loaded after this call (the service's,
 * most of the main process, loaded by `import()` once the window is created) is compiled at the
 * first launch and read back from `folder` at the next ones. Electron's Node has it
 * (`module.enableCompileCache`, Node 22.1); an older Node goes on without it.
 */
import nodeModule from "node:module";

type WithCompileCache = { enableCompileCache?: (folder?: string) => unknown };

/** Returns whether the cache was asked for (false on a Node without it); never throws: a launch without the cache is only slower. */
export function enableCompileCache(folder: string, moduleApi: WithCompileCache = nodeModule as WithCompileCache): boolean {
  if (typeof moduleApi.enableCompileCache !== "function") return false;
  try {
    moduleApi.enableCompileCache(folder);
    return true;
  } catch {
    return false;
  }
}
