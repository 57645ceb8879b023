/**
 * Shared helpers of the service tests: a real service on a temporary data folder (real
 * SqliteStore), the real SDK pointed at the scripted model server, and an event log a
 * test waits on instead of sleeping.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import type { StepEvent } from "../../src/main/agent/run/events";
import { AlpineService, type AlpineServiceOptions } from "../../src/main/service/alpine-service";
import { createRequestHandlers, dispatchRequest } from "../../src/main/service/request-handlers";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import type { AppEvent } from "../../src/shared/ipc-contract";
import type { IpcResult } from "../../src/shared/transport-messages";
import { startModelServer, type ModelServer } from "../support/model-server";

export const TEST_KEY = "sk-ant-test-key";

export function makeTempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export interface TestCleanups {
  /** A new temporary folder, removed after the test. */
  tempDir(): string;
  /** Something else to undo after the test (a service to shut down, ...). */
  add(cleanup: () => Promise<void> | void): void;
}

/**
 * For the tests of a file: what a test made is undone after it, in reverse order, so a service
 * opened on a temporary folder is shut down before the folder is removed.
 */
export function useCleanups(): TestCleanups {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    tempDir() {
      const dir = makeTempDir();
      cleanups.push(() => removeDir(dir));
      return dir;
    },
    add(cleanup) {
      cleanups.push(cleanup);
    },
  };
}

/** Every app event since the log was attached, and a way to wait for one. */
export class AppEventLog {
  readonly events: AppEvent[] = [];
  private waiters: { match: (e: AppEvent) => boolean; resolve: (e: AppEvent) => void }[] = [];

  constructor(service: AlpineService) {
    service.events.on((event) => {
      // Kept as the window would receive it: through JSON.
      const received = JSON.parse(JSON.stringify(event)) as AppEvent;
      this.events.push(received);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(received)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(received);
        }
      }
    });
  }

  /** The first event (already received or to come) that matches; `after` skips the first N events. */
  next(match: (e: AppEvent) => boolean, after = 0): Promise<AppEvent> {
    const found = this.events.slice(after).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match: (e) => match(e), resolve }));
  }

  /** The next step event of `type` in conversation `id` (after the first `after` events). */
  async step<T extends StepEvent["type"]>(id: string, type: T, after = 0, match: (e: Extract<StepEvent, { type: T }>) => boolean = () => true) {
    const event = await this.next(
      (e) => e.type === "step" && e.conversationId === id && e.event.type === type && match(e.event as Extract<StepEvent, { type: T }>),
      after,
    );
    return (event as Extract<AppEvent, { type: "step" }>).event as Extract<StepEvent, { type: T }>;
  }

  steps<T extends StepEvent["type"]>(id: string, type: T): Extract<StepEvent, { type: T }>[] {
    return this.events
      .filter((e) => e.type === "step" && e.conversationId === id && e.event.type === type)
      .map((e) => (e as Extract<AppEvent, { type: "step" }>).event as Extract<StepEvent, { type: T }>);
  }

  get count(): number {
    return this.events.length;
  }
}

export interface ServiceFixture {
  service: AlpineService;
  model: ModelServer;
  log: AppEventLog;
  dataFolder: string;
  secrets: MemorySecretKeeper;
  /** Calls a channel through the same dispatcher the transports use. */
  request(channel: string, args?: unknown): Promise<IpcResult>;
  /** Like request, but returns the value and throws the error payload as an Error. */
  call<T = any>(channel: string, args?: unknown): Promise<T>;
  /** A new service on the same data folder (after this one shut down). */
  reopen(): ServiceFixture;
  close(): Promise<void>;
}

export interface FixtureOptions {
  apiKey?: string | null;
  model?: ModelServer;
  dataFolder?: string;
  service?: Partial<AlpineServiceOptions>;
}

export async function openService(options: FixtureOptions = {}): Promise<ServiceFixture> {
  const model = options.model ?? (await startModelServer());
  const dataFolder = options.dataFolder ?? makeTempDir();
  const make = (ownsModel: boolean): ServiceFixture => {
    const secrets = new MemorySecretKeeper(options.apiKey === undefined ? TEST_KEY : options.apiKey);
    const service = new AlpineService({
      dataFolder,
      secrets,
      model: { baseURL: model.url, maxRetries: 0 },
      appVersion: "test",
      ...options.service,
    });
    const handlers = createRequestHandlers(service);
    const request = (channel: string, args: unknown = {}) => dispatchRequest(handlers, channel, args);
    const fixture: ServiceFixture = {
      service,
      model,
      log: new AppEventLog(service),
      dataFolder,
      secrets,
      request,
      async call(channel, args = {}) {
        const result = await request(channel, args);
        if (!result.ok) throw Object.assign(new Error(result.error.message), { name: result.error.name });
        return JSON.parse(JSON.stringify(result.value ?? null));
      },
      reopen: () => make(false),
      async close() {
        await service.shutdown();
        if (ownsModel) {
          await model.close();
          if (!options.dataFolder) removeDir(dataFolder);
        }
      },
    };
    return fixture;
  };
  return make(!options.model);
}

/**
 * For the tests of a file: `open()` is openService, and every service a test opened this way is
 * closed after that test, once (never a closed one again when the next test fails before opening).
 */
export function useServiceFixture(): { open(options?: FixtureOptions): Promise<ServiceFixture> } {
  const opened: ServiceFixture[] = [];
  afterEach(async () => {
    for (const fixture of opened.splice(0).reverse()) await fixture.close();
  });
  return {
    async open(options) {
      const fixture = await openService(options);
      opened.push(fixture);
      return fixture;
    },
  };
}
