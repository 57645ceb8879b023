/**
 * A throwaway PostgreSQL cluster for tests, benchmarks and the torture campaign: `initdb`
 * in a fresh temporary folder, the server on a free loopback port (127.0.0.1 only, no
 * Unix socket), one database, trust authentication (nothing but this machine can reach it).
 * A secure cluster instead accepts only TLS connections with a password (scram-sha-256),
 * its certificate signed by a certificate authority made for it (test-certificates.ts).
 * Started as the `postgres` user when running as root, since initdb refuses root.
 * `stop()` shuts it down and removes the folder.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { makeCertificateAuthority, makeServerCertificate } from "./test-certificates";

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  folder: string;
  /** The postmaster's pid (it changes at each restart). */
  pid: number;
  /**
   * Stop the server and start it again on the same port: "fast" (SIGINT: sessions ended, a
   * checkpoint) or "immediate" (SIGQUIT: no checkpoint, crash recovery at the start, as after
   * a crash). Resolves once it answers again.
   */
  restart(mode: "fast" | "immediate", downMs?: number): Promise<void>;
  stop(): Promise<void>;
  /** A secure cluster's: the superuser's password (also in `url`) and the authority that signed its certificate. */
  secure?: { password: string; caFile: string };
}

export interface ClusterOptions {
  /** Require TLS and a password (scram-sha-256) of every connection. */
  secure?: boolean;
}

/** What a secure cluster needs: its password, certificate files, and the server settings that use them. */
interface Security {
  password: string;
  caFile: string;
  serverArgs: string[];
}

const DATABASE = "alpine_test";
const START_TIMEOUT_MS = 30_000;

/** Where initdb and postgres are: ALPINE_PG_BIN, PGBIN, Debian's newest /usr/lib/postgresql/N/bin, or PATH. */
export function postgresBinDir(): string | null {
  for (const candidate of [process.env.ALPINE_PG_BIN, process.env.PGBIN]) {
    if (candidate && fs.existsSync(path.join(candidate, exe("initdb")))) return candidate;
  }
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = path.join(debian, version, "bin");
      if (fs.existsSync(path.join(bin, "initdb"))) return bin;
    }
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, exe("initdb")))) return dir;
  }
  return null;
}

function exe(name: string): string {
  return process.platform === "win32" ? `${name}.exe` : name;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** The command line that runs `binary` as a user PostgreSQL accepts (not root). */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
}

export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startThrowawayCluster(options: ClusterOptions = {}): Promise<ThrowawayCluster> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      "PostgreSQL is not installed (no initdb found). Install it (Debian: apt-get install postgresql), " +
        "set ALPINE_PG_BIN to its bin folder, or point ALPINE_TEST_PG_URL at a server.",
    );
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-pg-"));
  const data = path.join(folder, "data");
  if (isRoot()) execFileSync("chown", ["postgres", folder]);
  const password = options.secure ? randomBytes(12).toString("hex") : null;
  const passwordFile = path.join(folder, "password");
  if (password !== null) writeServerFile(passwordFile, password);
  const [initdb, initArgs] = asServerUser(path.join(bin, exe("initdb")), [
    "-D", data, "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync",
    ...(password === null ? ["-A", "trust"] : ["-A", "scram-sha-256", `--pwfile=${passwordFile}`]),
  ]);
  execFileSync(initdb, initArgs, { stdio: "pipe" });
  const security = password === null ? null : secureCluster(folder, data, password);
  for (let attempt = 0; ; attempt++) {
    const port = await freeLoopbackPort();
    try {
      const server = await startServer(bin, folder, data, port, security);
      await createDatabase(port, security);
      const login = password === null ? "postgres" : `postgres:${password}`;
      const url = `postgres://${login}@127.0.0.1:${port}/${DATABASE}`;
      let current = server;
      const cluster: ThrowawayCluster = {
        url,
        port,
        folder,
        pid: postmasterPid(folder) ?? server.pid!,
        ...(security ? { secure: { password: security.password, caFile: security.caFile } } : {}),
        async restart(mode, downMs = 0) {
          await stopPostmaster(cluster.pid, mode === "fast" ? "SIGINT" : "SIGQUIT");
          if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
          current = await startServer(bin, folder, data, port, security);
          cluster.pid = postmasterPid(folder) ?? current.pid!;
        },
        stop: () => stopCluster(current, folder),
      };
      return cluster;
    } catch (error) {
      if (attempt >= 2) {
        fs.rmSync(folder, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

/** A file the server (the postgres user, when running as root) owns and alone reads. */
function writeServerFile(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: 0o600 });
  if (isRoot()) execFileSync("chown", ["postgres", file]);
}

/** Certificates made in the cluster's folder, and pg_hba.conf accepting nothing but TLS with a password. */
function secureCluster(folder: string, data: string, password: string): Security {
  const tls = path.join(folder, "tls");
  const ca = makeCertificateAuthority(tls, "authority");
  const server = makeServerCertificate(tls, ca);
  if (isRoot()) execFileSync("chown", ["-R", "postgres", tls]);
  fs.writeFileSync(path.join(data, "pg_hba.conf"), "hostssl all all 127.0.0.1/32 scram-sha-256\n");
  return { password, caFile: ca.certFile, serverArgs: ["-c", "ssl=on", "-c", `ssl_cert_file=${server.certFile}`, "-c", `ssl_key_file=${server.keyFile}`] };
}

/** How the set-up itself logs in (with the password and TLS on a secure cluster). */
function adminLogin(port: number, database: string, security: Security | null): pg.ClientConfig {
  const login: pg.ClientConfig = { host: "127.0.0.1", port, user: "postgres", database, connectionTimeoutMillis: 1000 };
  return security ? { ...login, password: security.password, ssl: { ca: fs.readFileSync(security.caFile, "utf8") } } : login;
}

/** Start the postmaster (detached, so it outlives the process that started it) and wait until it answers. */
async function startServer(bin: string, folder: string, data: string, port: number, security: Security | null): Promise<ChildProcess> {
  const log = fs.openSync(path.join(folder, "server.log"), "a");
  const [postgres, args] = asServerUser(path.join(bin, exe("postgres")), [
    "-D", data, "-p", String(port),
    "-c", "listen_addresses=127.0.0.1",
    "-c", "unix_socket_directories=",
    "-c", "max_connections=300",
    "-c", "shared_buffers=64MB",
    "-c", "log_min_messages=warning",
    ...(security?.serverArgs ?? []),
  ]);
  const server = spawn(postgres, args, { detached: true, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  server.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`PostgreSQL did not start:\n${fs.readFileSync(path.join(folder, "server.log"), "utf8").slice(-2000)}`);
    }
    const client = new pg.Client(adminLogin(port, "postgres", security));
    try {
      await client.connect();
      await client.end();
      return server;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) {
        server.kill("SIGKILL");
        throw new Error(`PostgreSQL did not answer on port ${port} within ${START_TIMEOUT_MS} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function createDatabase(port: number, security: Security | null): Promise<void> {
  const client = new pg.Client(adminLogin(port, "postgres", security));
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** Fast shutdown (SIGINT: sessions ended, a checkpoint), then the folder goes. */
async function stopCluster(server: ChildProcess, folder: string): Promise<void> {
  const pid = postmasterPid(folder) ?? server.pid;
  if (pid) await stopPostmaster(pid);
  fs.rmSync(folder, { recursive: true, force: true });
}

/** The running postmaster's pid, from its pid file (the spawned process may be `runuser`). */
export function postmasterPid(folder: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(folder, "data", "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export async function stopPostmaster(pid: number, signal: NodeJS.Signals = "SIGINT"): Promise<void> {
  try {
    process.kill(pid, signal);
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone meanwhile
  }
}
