/**
 * A stand-in for Electron's utilityProcess (the binary cannot run here), of its documented
 * shape: fork(modulePath, args, options) returns an EventEmitter with pid, stdout, stderr
 * ('pipe' only), postMessage, kill, and the 'spawn', 'exit' (code) and 'message' events;
 * stdin can only be 'ignore' (anything else throws, as documented); the child talks over
 * process.parentPort, not process.send (parent-port-shim.ts). Built on Node's
 * child_process.fork with an IPC channel. https://www.electronjs.org/docs/latest/api/utility-process
 */
import { type ChildProcess, fork } from "node:child_process";
import { EventEmitter } from "node:events";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Readable } from "node:stream";

const SHIM = fileURLToPath(new URL("./parent-port-shim.ts", import.meta.url));
const TSX_LOADER = new URL("../../node_modules/tsx/dist/loader.mjs", import.meta.url).href;

type Stdio = "pipe" | "ignore" | "inherit";

export interface FakeForkOptions {
  env?: NodeJS.ProcessEnv;
  execArgv?: string[];
  cwd?: string;
  stdio?: Stdio | Stdio[];
  serviceName?: string;
}

export class StdinNotSupportedError extends Error {
  override name = "StdinNotSupportedError";
}

/** Every utility process forked, for tests to look at. */
export const forkedUtilityProcesses: FakeUtilityProcess[] = [];

export class FakeUtilityProcess extends EventEmitter {
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  private readonly child: ChildProcess;
  private exited = false;
  readonly modulePath: string;
  readonly options: FakeForkOptions;

  // Plain fields, not parameter properties: Node's own type stripping loads this file too.
  constructor(modulePath: string, options: FakeForkOptions, stdio: [Stdio, Stdio, Stdio], args: string[]) {
    super();
    this.modulePath = modulePath;
    this.options = options;
    // Node strips types itself from 22.18; an older Node runs the shim and the module through tsx.
    const loader = (process.features as { typescript?: string }).typescript ? [] : ["--import", TSX_LOADER];
    this.child = fork(modulePath, args, {
      stdio: ["ignore", stdio[1], stdio[2], "ipc"],
      serialization: "advanced",
      env: options.env ?? process.env,
      cwd: options.cwd,
      execArgv: [...loader, "--import", pathToFileURL(SHIM).href, ...(options.execArgv ?? [])],
    });
    this.stdout = this.child.stdout;
    this.stderr = this.child.stderr;
    this.child.once("spawn", () => this.emit("spawn"));
    this.child.on("message", (message) => this.emit("message", message));
    this.child.once("exit", (code, signal) => {
      this.exited = true;
      this.emit("exit", code ?? (signal ? 1 : 0));
    });
  }

  get pid(): number | undefined {
    return this.exited ? undefined : this.child.pid;
  }

  postMessage(message: unknown): void {
    this.child.send(message as never);
  }

  kill(): boolean {
    return this.child.kill("SIGTERM");
  }
}

function stdioOf(option: FakeForkOptions["stdio"]): [Stdio, Stdio, Stdio] {
  if (option === undefined) return ["ignore", "inherit", "inherit"];
  if (typeof option === "string") return ["ignore", option, option];
  if (option[0] !== undefined && option[0] !== "ignore") throw new StdinNotSupportedError(`stdin of a utility process can only be "ignore", not "${option[0]}"`);
  return ["ignore", option[1] ?? "inherit", option[2] ?? "inherit"];
}

export const utilityProcess = {
  fork(modulePath: string, args: string[] = [], options: FakeForkOptions = {}): FakeUtilityProcess {
    const child = new FakeUtilityProcess(modulePath, options, stdioOf(options.stdio), args);
    forkedUtilityProcesses.push(child);
    return child;
  },
};
