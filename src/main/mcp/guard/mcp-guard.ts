/**
 * The guard of one stdio MCP server. Many servers do not exit when their stdin closes, so
 * none is started directly: the app starts this guard, which starts the server and relays
 * its stdin, stdout and stderr as messages (guard-protocol.ts), and ends it when asked or
 * when the app is gone, however the app ended (a quit, a crash, SIGKILL).
 *
 * In the app it runs in an Electron utility process (utilityProcess.fork: the fused app
 * cannot run itself as Node, and a utility process's stdin cannot be piped), talking over
 * process.parentPort; under plain Node it is a child process talking over Node's IPC
 * channel. https://www.electronjs.org/docs/latest/api/utility-process
 * https://www.electronjs.org/docs/latest/api/parent-port
 *
 * The app is gone when: Node's IPC channel disconnects; or the app's pid no longer answers,
 * or this process was given another parent (polled twice a second); or this process itself
 * is ended, which the sentinel (server-process.ts) sees as its pipe closing. Then the
 * server's stdin is closed, its group gets SIGTERM after 1 s and SIGKILL after 3 s.
 */
import type { ChildProcess } from "node:child_process";
import type { FromGuard, ServerSpec, ToGuard } from "./guard-protocol";
import { type HostedServer, runServerInThisProcess } from "./in-process-server.ts";
import { signalServerGroup, spawnServer, startSentinel } from "./server-process.ts";

const POLL_MS = 500;
const TERM_AFTER_MS = 1_000;
const KILL_AFTER_MS = 3_000;
/** Once the server is gone and the app told, the app ends the guard; it leaves by itself after this. */
const LEAVE_AFTER_MS = 5_000;

interface ParentChannel {
  send(message: FromGuard): void;
  onMessage(listener: (message: ToGuard) => void): void;
}

interface ParentPortLike {
  postMessage(message: unknown): void;
  on(event: "message", listener: (event: { data: unknown }) => void): void;
}

function parentChannel(): ParentChannel {
  const port = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
  if (port) return { send: (m) => port.postMessage(m), onMessage: (l) => port.on("message", (e) => l(e.data as ToGuard)) };
  if (!process.send) throw new Error("The MCP guard runs only as a utility process or a Node child process with an IPC channel.");
  process.on("disconnect", () => appGone());
  return { send: (m) => process.send?.(m), onMessage: (l) => process.on("message", (m) => l(m as ToGuard)) };
}

const parent = parentChannel();
let server: ChildProcess | null = null;
/** A node server run in this process (spec.inProcess): ending it is ending this process. */
let hosted: HostedServer | null = null;
let sentinel: ChildProcess | null = null;
let serverGone = false;
let ending = false;

parent.onMessage((message) => {
  if (message.type === "start" && !server && !hosted) start(message.spec);
  else if (hosted) toHosted(message);
  else if (message.type === "stdin") server?.stdin?.write(message.data);
  else if (message.type === "end-stdin") server?.stdin?.end();
  else if (message.type === "stop") stop();
});

function toHosted(message: ToGuard): void {
  if (message.type === "stdin") hosted?.write(message.data);
  else if (message.type === "end-stdin") {
    hosted?.end();
    setTimeout(() => process.exit(0), TERM_AFTER_MS).unref(); // as a server given SIGTERM after its stdin closed
  } else if (message.type === "stop") process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => (!server || serverGone ? process.exit(0) : stop()));

function start(spec: ServerSpec): void {
  watchApp(spec.appPid);
  if (spec.inProcess) {
    hosted = runServerInThisProcess(spec, (m) => parent.send(m));
    return;
  }
  const child = (server = spawnServer(spec));
  child.on("error", (error) => {
    parent.send({ type: "failed", message: `could not start ${JSON.stringify(spec.command)}: ${error.message}` });
    finish(127, null);
  });
  child.once("spawn", () => {
    sentinel = startSentinel(child.pid!);
    parent.send({ type: "spawned", pid: child.pid! });
  });
  child.stdin!.on("error", () => undefined);
  child.stdout!.on("data", (data: Buffer) => parent.send({ type: "stdout", data: new Uint8Array(data) }));
  child.stderr!.on("data", (data: Buffer) => parent.send({ type: "stderr", data: new Uint8Array(data) }));
  // What the server leaves behind would hold its stdout open and keep "close" from coming.
  child.once("exit", () => child.pid !== undefined && process.platform !== "win32" && signalServerGroup(child.pid, "SIGKILL"));
  // "close": the server exited and its output was all read.
  child.once("close", (code, signal) => finish(code, signal));
}

function watchApp(appPid: number): void {
  const firstParent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== firstParent || !isAlive(appPid)) appGone();
  }, POLL_MS);
  timer.unref();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The app is gone: close stdin, then SIGTERM and SIGKILL to the server's group. */
function appGone(): void {
  if (ending) return;
  ending = true;
  if (!server || serverGone) process.exit(0);
  server.stdin?.end();
  setTimeout(() => endGroup("SIGTERM"), TERM_AFTER_MS);
  setTimeout(() => endGroup("SIGKILL"), KILL_AFTER_MS);
}

/** Asked to stop: SIGTERM now, SIGKILL a little later. */
function stop(): void {
  if (!server || serverGone) return;
  endGroup("SIGTERM");
  setTimeout(() => endGroup("SIGKILL"), KILL_AFTER_MS - TERM_AFTER_MS);
}

function endGroup(signal: "SIGTERM" | "SIGKILL"): void {
  if (server?.pid !== undefined && !serverGone) signalServerGroup(server.pid, signal);
}

function finish(code: number | null, signal: NodeJS.Signals | null): void {
  if (serverGone) return;
  serverGone = true;
  // Whatever the server left running in its group goes with it (a group keeps its id while it has
  // members; Windows has no groups, and a pid there may already be another process's).
  if (server?.pid !== undefined && process.platform !== "win32") signalServerGroup(server.pid, "SIGKILL");
  const report = () => {
    if (ending) process.exit(0);
    parent.send({ type: "exited", code, signal });
    setTimeout(() => process.exit(0), LEAVE_AFTER_MS).unref();
  };
  // The sentinel is ended and reaped before the app hears the server ended: nothing of it is left then.
  if (sentinel && sentinel.exitCode === null && sentinel.signalCode === null) {
    sentinel.once("exit", report);
    sentinel.kill("SIGKILL");
  } else report();
}
