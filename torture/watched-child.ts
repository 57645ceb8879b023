/**
 * A campaign child watched for silence, and how a child's end reads in a failure. A child
 * that says nothing for `STUCK_MS` is stuck: it is killed and its end says so. Each message
 * is progress: a loaded machine makes a child slow, not stuck (a limit on its whole life
 * fired on long, healthy children at load 30).
 */
import { type ChildEnd, type WorkerChild, startTortureChild } from "./child";
import type { ChildEntry } from "./worker-launch";

export const STUCK_MS = 90_000;

export type WatchedEnd<Message> = ChildEnd<Message> & { stuck: boolean };

/** Starts the child with its job and follows its messages; resolves once it ended (killed if it fell silent). */
export function runWatchedChild<Message extends { type: string }>(
  entry: ChildEntry,
  job: unknown,
  onMessage: (message: Message, child: WorkerChild<Message>) => void = () => {},
  stuckMs = STUCK_MS,
): Promise<WatchedEnd<Message>> {
  let stuck = false;
  const watch = () =>
    setTimeout(() => {
      stuck = true;
      child.signal("SIGKILL");
    }, stuckMs);
  let watchdog = watch();
  const child = startTortureChild<Message>(entry, job, (message, self) => {
    clearTimeout(watchdog);
    watchdog = watch();
    onMessage(message, self);
  });
  return child.ended.then((end) => {
    clearTimeout(watchdog);
    return { ...end, stuck };
  });
}

type FatalMessage = { type: "fatal"; name: string; message: string };

/** "exit code 1, signal null: Name: message" — the child's own fatal report, else the end of its stderr. */
export function describeEnd(end: ChildEnd<{ type: string }>): string {
  const fatal = end.messages.find((m): m is FatalMessage => m.type === "fatal");
  const detail = fatal ? `${fatal.name}: ${fatal.message}` : end.stderr.trim().split("\n").slice(-6).join(" | ");
  return `exit code ${end.code}, signal ${end.signal}${detail ? `: ${detail}` : ""}`;
}
