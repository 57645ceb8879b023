/**
 * Settings → Storage: keep conversations on this computer (SQLite, the default) or on a
 * PostgreSQL server; move them across, verified; remove the source's copies when the person
 * asks. A switch is tested first and made only while nothing runs here. On the server, the
 * other machines' changes come in live (live-updates.ts) and its loss shows as a banner.
 */
import { type PostgresStore, type SqliteStore, isMissingPassword } from "../../agent";
import type { MoveDirection, MoveReport, RemoveSourceReport, StorageStatus, StorageView } from "../../../shared/storage-types";
import type { AppEventBus } from "../app-event-bus";
import type { ServiceGate } from "../service-gate";
import type { SecretKeeper } from "../settings/secret-keeper";
import type { Runs } from "../runs/runs";
import { connectServer, serverStore, type ServerStoreOptions } from "./connect-server";
import { LiveUpdates } from "./live-updates";
import { type ServerSettings, checkCaFile, connectionString, splitPassword } from "./server-settings";
import { InvalidStorageSettingError, RunningElsewhereError, StorageBusyError } from "./storage-errors";
import type { StorageFile } from "./storage-file";
import { moveConversations } from "./store-move";
import { removeMovedCopies } from "./remove-source";
import type { SwitchableStore } from "./switchable-store";

export interface StorageServiceOptions {
  file: StorageFile;
  /** The server's password, encrypted like the API key. */
  secrets: SecretKeeper;
  store: SwitchableStore;
  local: SqliteStore;
  bus: AppEventBus;
  gate: ServiceGate;
  runs: Runs;
  /** Emit the sidebar row of a State another machine changed. */
  announce(id: string): Promise<void>;
  server?: ServerStoreOptions;
}

export interface PostgresChoice {
  url: string;
  password?: string;
  tls: ServerSettings["tls"];
  caFile?: string | null;
}

export class StorageService {
  private server: PostgresStore | null = null;
  private live: LiveUpdates | null = null;
  private status: StorageStatus = { reachable: true, message: null };
  private moving = false;

  constructor(private readonly options: StorageServiceOptions) {
    const choice = options.file.get();
    // The server chosen last time, even if it is down now: the banner says so, and it is used once back.
    if (choice.kind === "postgres" && choice.server) this.use(serverStore(this.connection(choice.server), options.server));
  }

  view(): StorageView {
    const { kind, server } = this.options.file.get();
    return {
      kind,
      server: server && { ...server, hasPassword: Boolean(this.options.secrets.get()) },
      serverName: this.server?.server ?? null,
      status: kind === "postgres" ? this.status : { reachable: true, message: null },
    };
  }

  /** Who runs this conversation on another machine now, or null. */
  runningElsewhere(id: string): string | null {
    return this.live?.holder(id) ?? null;
  }

  /** Refuse to start a run of a conversation another machine runs (its lease would refuse it anyway, less clearly). */
  assertFree(id: string): void {
    const holder = this.runningElsewhere(id);
    if (holder) throw new RunningElsewhereError(id, holder);
  }

  /** The leases held now, read before the sidebar's list is built. */
  async refreshLeases(): Promise<void> {
    await this.live?.refresh().catch(() => undefined);
  }

  async usePostgres(choice: PostgresChoice): Promise<StorageView> {
    this.options.gate.assertOpen();
    const { url, password: typed } = splitPassword(choice.url);
    if (choice.tls !== "verify-full" && choice.caFile) throw new InvalidStorageSettingError('A certificate authority file is used only with "Verify the certificate".');
    const settings: ServerSettings = { url, tls: choice.tls, caFile: checkCaFile(choice.caFile) };
    const password = choice.password !== undefined && choice.password !== "" ? choice.password : (typed ?? this.options.secrets.get());
    const store = await connectServer(connectionString(settings, password), this.options.server);
    try {
      this.assertIdle();
    } catch (error) {
      await store.close();
      throw error;
    }
    this.options.secrets.set(password ?? null);
    this.options.file.set({ kind: "postgres", server: settings });
    this.use(store);
    return this.view();
  }

  async useLocal(): Promise<StorageView> {
    this.options.gate.assertOpen();
    this.assertIdle();
    this.options.file.set({ kind: "local", server: this.options.file.get().server });
    this.options.store.switchTo(this.options.local);
    await this.closeServer();
    this.options.bus.emit({ type: "conversations_reset" });
    return this.view();
  }

  /** Copy every conversation across, verified; the source is left as it was. */
  async move(direction: MoveDirection): Promise<MoveReport> {
    return this.withServer(direction, async (source, target) =>
      moveConversations({ source, target, direction, onProgress: (progress) => this.options.bus.emit({ type: "storage_move", progress }) }),
    ).finally(() => this.options.bus.emit({ type: "conversations_reset" }));
  }

  /** Remove from the source what the other side holds the same copy of. */
  async removeSource(direction: MoveDirection): Promise<RemoveSourceReport> {
    return this.withServer(direction, (source, target) => removeMovedCopies(source, target)).finally(() =>
      this.options.bus.emit({ type: "conversations_reset" }),
    );
  }

  private async withServer<T>(direction: MoveDirection, work: (source: SqliteStore | PostgresStore, target: SqliteStore | PostgresStore) => Promise<T>): Promise<T> {
    this.options.gate.assertOpen();
    this.assertIdle();
    const settings = this.options.file.get().server;
    if (!settings) throw new InvalidStorageSettingError("Set up the PostgreSQL server first (Settings → Storage), then move conversations.");
    this.moving = true;
    const server = this.server ?? (await connectServer(this.connection(settings), this.options.server));
    try {
      const local = this.options.local;
      return await (direction === "to-server" ? work(local, server) : work(server, local));
    } finally {
      this.moving = false;
      if (server !== this.server) await server.close();
    }
  }

  private assertIdle(): void {
    if (this.moving) throw new StorageBusyError("Conversations are being moved now. Wait for the move to finish.");
    const running = this.options.runs.runningIds();
    if (running.length > 0) throw new StorageBusyError(`${running.length} conversation(s) are running. Stop them or wait for them to finish, then try again.`);
  }

  private connection(settings: ServerSettings): string {
    return connectionString(settings, this.options.secrets.get());
  }

  /** Switch at once (nothing awaited before the store in use changes), then let the old ones go. */
  private use(store: PostgresStore): void {
    const [previous, previousLive] = [this.server, this.live];
    this.server = store;
    this.options.store.switchTo(store);
    this.status = { reachable: true, message: null };
    this.live = new LiveUpdates({
      store,
      bus: this.options.bus,
      announce: this.options.announce,
      runningHere: (id) => this.options.runs.isRunning(id),
      onStatus: (reachable, error) => this.setStatus(reachable, error),
    });
    void previousLive?.close();
    if (previous && previous !== store) void previous.close().catch(() => undefined);
    this.options.bus.emit({ type: "conversations_reset" });
  }

  private setStatus(reachable: boolean, error?: Error): void {
    const status = reachable ? { reachable, message: null } : this.lostStatus(error);
    if (this.status.reachable === status.reachable && this.status.message === status.message && this.status.details === status.details) return;
    this.status = status;
    this.options.bus.emit({ type: "storage_status", status: this.status });
  }

  /** Why the server cannot be used, in words; the driver's own only as details. */
  private lostStatus(error?: Error): StorageStatus {
    const name = this.server?.server ?? "the PostgreSQL server";
    const details = error?.message ? { details: error.message } : {};
    if (isMissingPassword(error)) {
      // Not a network failure: the password was never stored here, or its encrypted copy could not be read.
      return {
        reachable: false,
        problem: "password",
        message: `The PostgreSQL server ${name} asks for a password, and none is stored on this computer (or it could not be read). Enter it in Settings → Storage. Nothing saved is lost.`,
        ...details,
      };
    }
    return {
      reachable: false,
      problem: "unreachable",
      message: `The PostgreSQL server ${name} cannot be reached. Nothing saved is lost; runs that cannot save stop, and can be continued once it is back.`,
      ...details,
    };
  }

  private async closeServer(): Promise<void> {
    await this.live?.close();
    this.live = null;
    const server = this.server;
    this.server = null;
    await server?.close().catch(() => undefined);
  }

  /** Shutdown: the watch connection and the server's pool end. */
  async close(): Promise<void> {
    await this.closeServer();
  }
}
