/**
 * The guard itself, spoken to through its protocol: a server's whole process group (the
 * server and what it started) ends when the app's pid stops answering, which is how a guard
 * in a utility process that outlives its app notices; and when the app asks it to stop.
 */
import { spawn } from "node:child_process";
import { afterEach, expect, it } from "vitest";
import { isProcessAlive } from "../../src/main/agent";
import { type FromGuard, type GuardProcess, nodeGuardLauncher } from "../../src/main/mcp";
import { isZombie } from "../../torture/mcp-processes";

/** A server that ignores its stdin closing and starts a grandchild that does too; prints the grandchild's pid. */
const STUBBORN_SERVER = `const { spawn } = require("node:child_process");
const g = spawn(process.execPath, ["-e", "setInterval(() => {}, 1e9)"], { stdio: "ignore" });
process.stdout.write(String(g.pid) + "\\n");
setInterval(() => {}, 1e9);`;

const guards: GuardProcess[] = [];
afterEach(() => {
  for (const guard of guards.splice(0)) guard.kill();
});

interface Started {
  guard: GuardProcess;
  server: number;
  grandchild: number;
  /** The server's end as the guard reported it. */
  reported: Promise<FromGuard>;
  /** The guard's own exit code. */
  exited: Promise<number | null>;
}

/** Starts a guard and the stubborn server under it, watching `appPid`. */
async function startStubborn(appPid: number): Promise<Started> {
  const waiter = <T,>() => {
    let resolve: (value: T) => void = () => undefined;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  };
  const spawned = waiter<number>();
  const output = waiter<string>();
  const reported = waiter<FromGuard>();
  const exited = waiter<number | null>();
  const guard = nodeGuardLauncher().launch({
    spawn: () => guard.send({ type: "start", spec: { command: process.execPath, args: ["-e", STUBBORN_SERVER], cwd: null, env: { PATH: process.env.PATH ?? "" }, appPid } }),
    message: (message: FromGuard) => {
      if (message.type === "spawned") spawned.resolve(message.pid);
      if (message.type === "stdout") output.resolve(new TextDecoder().decode(message.data));
      if (message.type === "exited") reported.resolve(message);
    },
    exit: (code) => exited.resolve(code),
    stderr: () => undefined,
  });
  guards.push(guard);
  const server = await spawned.promise;
  const grandchild = Number((await output.promise).trim());
  return { guard, server, grandchild, reported: reported.promise, exited: exited.promise };
}

const gone = (pid: number) => !isProcessAlive(pid) || isZombie(pid);

it("the app's pid stops answering: the guard ends the server and what the server started, then itself", async () => {
  const app = spawn("sleep", ["60"], { stdio: "ignore" });
  const { server, grandchild, exited } = await startStubborn(app.pid!);
  expect([server, grandchild].every(isProcessAlive)).toBe(true);
  app.kill("SIGKILL");
  await expect.poll(() => gone(server) && gone(grandchild), { timeout: 15_000, interval: 100 }).toBe(true);
  expect(await exited).toBe(0);
});

it("asked to stop, the guard ends the server's whole group and reports the signal that ended it", async () => {
  const { guard, server, grandchild, reported } = await startStubborn(process.pid);
  guard.send({ type: "stop" });
  expect(await reported).toEqual({ type: "exited", code: null, signal: "SIGTERM" });
  await expect.poll(() => gone(server) && gone(grandchild), { timeout: 15_000, interval: 100 }).toBe(true);
});
