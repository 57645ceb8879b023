/**
 * A key, a provider's key or an MCP server's secret is acknowledged only once its keeper has
 * written it: the app's keeper encrypts and writes in the background (set() returns at once),
 * so the service waits for its flush() before it answers. A provider's key is written before
 * the provider is saved (a crash between leaves an unused key, never a provider without it).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { PROVIDERS_FILE_NAME } from "../../src/main/service/providers/providers-file";
import { MCP_FILE_NAME } from "../../src/main/service/mcp/mcp-settings-file";
import { helloManifest, packBundle } from "./bundle-helpers";
import { useCleanups, useServiceFixture } from "./helpers";

const services = useServiceFixture();
const cleanups = useCleanups();

/** A keeper like the app's: set() hands the value over, and its write ends when the test says so. */
class KeeperWritingLater implements SecretKeeper {
  private value: string | null = null;
  /** What is on its disk. */
  written: string | null = null;
  private readonly writes: (() => void)[] = [];
  private last: Promise<void> = Promise.resolve();

  get(): string | null {
    return this.value;
  }

  set(value: string | null): void {
    this.value = value;
    const write = new Promise<void>((resolve) => this.writes.push(resolve)).then(() => void (this.written = value));
    this.last = this.last.then(() => write);
  }

  flush(): Promise<void> {
    return this.last;
  }

  /** Every write handed over so far ends now. */
  finishWrites(): void {
    for (const done of this.writes.splice(0)) done();
  }
}

/** Runs `request`, and says whether it answered while the keeper's write was still under way (`meanwhile` looks then). */
async function answeredBeforeWrite<T>(keeper: KeeperWritingLater, request: () => Promise<T>, meanwhile = () => {}): Promise<{ early: boolean; answer: T }> {
  let answered = false;
  const answer = request().then((value) => ((answered = true), value));
  await new Promise((resolve) => setImmediate(resolve));
  const early = answered;
  meanwhile();
  keeper.finishWrites();
  return { early, answer: await answer };
}

describe("an acknowledged secret is written", () => {
  it("the API key: settings:setApiKey answers once the key is written", async () => {
    const keeper = new KeeperWritingLater();
    const f = await services.open({ service: { secrets: keeper } });
    const { early, answer } = await answeredBeforeWrite(keeper, () => f.request("settings:setApiKey", { apiKey: "sk-ant-written" }));
    expect(early).toBe(false);
    expect(answer).toMatchObject({ ok: true, value: { hasApiKey: true } });
    expect(keeper.written).toBe("sk-ant-written");
  });

  it("a provider's key: written before the provider is saved, and providers:add answers after both", async () => {
    const keeper = new KeeperWritingLater();
    const f = await services.open({ service: { providerSecrets: keeper } });
    const providersFile = path.join(f.dataFolder, PROVIDERS_FILE_NAME);
    let savedBeforeKey = true;
    const { early, answer } = await answeredBeforeWrite(
      keeper,
      () => f.request("providers:add", { kind: "ollama", baseURL: "http://127.0.0.1:9/v1", apiKey: "sk-local-written" }),
      () => (savedBeforeKey = fs.existsSync(providersFile)),
    );
    expect(early).toBe(false);
    expect(savedBeforeKey).toBe(false);
    expect(answer).toMatchObject({ ok: true, value: { providers: [{ id: "ollama", hasKey: true }] } });
    expect(JSON.parse(keeper.written!)).toEqual({ ollama: "sk-local-written" });
    expect(fs.existsSync(providersFile)).toBe(true);
  });

  it("an MCP server's header: tools:addServer answers once the servers' secrets are written", async () => {
    const keeper = new KeeperWritingLater();
    const f = await services.open({ service: { mcpSecrets: keeper, startMcpServers: false } });
    const { early, answer } = await answeredBeforeWrite(keeper, () => f.request("tools:addServer", { name: "web", transport: "http", url: "http://127.0.0.1:9/mcp", headers: { "x-api-key": "k-written" } }));
    expect(early).toBe(false);
    expect(answer).toMatchObject({ ok: true });
    expect(keeper.written).toContain("k-written");
    expect(fs.readFileSync(path.join(f.dataFolder, MCP_FILE_NAME), "utf8")).not.toContain("k-written");
  });

  it("a bundle's secret setting: tools:installBundle answers once the servers' secrets are written", async () => {
    const keeper = new KeeperWritingLater();
    const f = await services.open({ service: { mcpSecrets: keeper, startMcpServers: false } });
    const review = await f.call<{ reviewId: string }>("tools:openBundle", { path: await packBundle(cleanups.tempDir(), helloManifest()) });
    let answered = false;
    const answer = f.request("tools:installBundle", { reviewId: review.reviewId, settings: { api_token: "tok-written" } }).then((value) => ((answered = true), value));
    // Held: the keeper has not written the secret, so the install must not be reported done, however long it waits.
    await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    expect(answered).toBe(false);
    keeper.finishWrites();
    expect(await answer).toMatchObject({ ok: true });
    expect(keeper.written).toContain("tok-written");
  });
});
