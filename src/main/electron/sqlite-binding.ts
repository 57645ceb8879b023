/**
 * Which better-sqlite3 native module to load. By default the prebuilt Node-API module in
 * node_modules, which loads under Electron as under Node; run from source, ALPINE_SQLITE_BINDING
 * may name another (a build made by hand). A packaged app loads only the module it ships: a
 * native module from a path in the environment would run any code with the app's rights, so
 * there the variable is not read at all.
 */
export function sqliteBindingFor(isPackaged: boolean, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return isPackaged ? undefined : env.ALPINE_SQLITE_BINDING || undefined;
}
