/**
 * How a stdio server's guard (guard/mcp-guard.ts) is started: the service asks a
 * GuardLauncher, given to it by whoever runs it. The app's Electron layer gives one on
 * Electron's utility processes (the fused app cannot run itself as Node); under plain Node
 * (the test host, tests, the torture campaign) the default forks a Node child process.
 * Either way the guard is the same code, and the server's stdio travels as messages.
 */
import type { FromGuard, ToGuard } from "./guard/guard-protocol";

export interface GuardEvents {
  /** The guard's process is running. */
  spawn(): void;
  message(message: FromGuard): void;
  /** The guard's process ended (its exit code; null when a signal ended it). */
  exit(code: number | null): void;
  /** What the guard itself wrote to stderr (a guard that crashed says why there). */
  stderr(text: string): void;
}

export interface GuardProcess {
  readonly pid: number | undefined;
  send(message: ToGuard): void;
  /** Ends the guard (SIGTERM): a guard whose server still runs ends it first. */
  kill(): void;
}

export interface GuardLauncher {
  /** Starts a guard; throws when it cannot be started at all. */
  launch(events: GuardEvents): GuardProcess;
}

/** Where servers are started from: the guard launcher, and the environment they start in. */
export interface ServerLaunch {
  guards: GuardLauncher;
  /**
   * The login shell's environment (macOS and Linux apps opened from the Dock or a menu
   * have a minimal PATH), read once; null where it is not read or could not be.
   */
  environment(): Promise<Record<string, string> | null>;
}
