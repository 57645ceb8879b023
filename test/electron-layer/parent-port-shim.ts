/**
 * Loaded (--import) into a child of the utilityProcess stand-in before its module: gives it
 * what a utility process has and takes away what it has not. process.parentPort is an
 * EventEmitter whose 'message' events carry { data, ports } and whose postMessage sends to
 * the parent; process.send is gone. Like a Chromium child whose browser process is gone,
 * the process ends at once (SIGKILL, no JavaScript runs) when its parent disappears.
 * https://www.electronjs.org/docs/latest/api/parent-port
 */
import { EventEmitter } from "node:events";

const send = process.send?.bind(process);
if (!send) throw new Error("the parentPort shim runs only in a child forked with an IPC channel");

class ParentPort extends EventEmitter {
  postMessage(message: unknown): void {
    send!(message);
  }
}

const parentPort = new ParentPort();
process.on("message", (data) => parentPort.emit("message", { data, ports: [] }));
process.on("disconnect", () => process.kill(process.pid, "SIGKILL"));
Object.defineProperty(process, "parentPort", { value: parentPort });
delete (process as { send?: unknown }).send;
