/**
 * What the app and a server's guard say to each other. The guard runs in an Electron
 * utility process in the app, whose stdin cannot be piped, or in a Node child process under
 * plain Node; either way the server's stdin, stdout and stderr travel as these messages
 * (structured-clone values: bytes as Uint8Array).
 */

/** The server to start: its command, arguments and whole environment, and the app to watch. */
export interface ServerSpec {
  command: string;
  args: string[];
  cwd: string | null;
  env: Record<string, string>;
  /** The app's process: when it is gone, the guard ends the server. */
  appPid: number;
  /** A node server run inside the guard, on the app's own runtime: `args[0]` is its script (guard/in-process-server.ts). */
  inProcess?: boolean;
}

export type ToGuard =
  | { type: "start"; spec: ServerSpec }
  | { type: "stdin"; data: Uint8Array }
  /** Close the server's stdin (a well-behaved server exits). */
  | { type: "end-stdin" }
  /** End the server's process group (or tree): SIGTERM, then SIGKILL. */
  | { type: "stop" };

export type FromGuard =
  | { type: "spawned"; pid: number }
  | { type: "stdout"; data: Uint8Array }
  | { type: "stderr"; data: Uint8Array }
  | { type: "failed"; message: string }
  | { type: "exited"; code: number | null; signal: string | null };
