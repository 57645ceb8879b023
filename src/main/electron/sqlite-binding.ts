/**
 * Which better-sqlite3 native module to load. `npm start` sets ALPINE_SQLITE_BINDING to the
 * module built for Electron, kept apart from the Node build the tests use. A packaged app
 * loads only the module it ships: a native module from a path in the environment would run
 * any code with the app's rights, so there the variable is not read at all.
 */
export function sqliteBindingFor(isPackaged: boolean, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return isPackaged ? undefined : env.ALPINE_SQLITE_BINDING || undefined;
}
