/**
 * MCP Bundles through the service's IPC handlers: a bundle packed with the MCPB package is
 * reviewed, installed with a sensitive setting, its node server run on this process's own
 * runtime and its tool called through a conversation (after the person's approval), then
 * updated (its settings kept, the old folder gone) and removed (files and secrets gone).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it, vi } from "vitest";
import type { BundleReview } from "../../src/shared/mcp-bundle-types";
import type { McpSettingsView } from "../../src/shared/mcp-types";
import type { ConversationView } from "../../src/shared/view-types";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { helloManifest, packBundle } from "./bundle-helpers";
import { type ServiceFixture, useCleanups, useServiceFixture } from "./helpers";
import { FAST_RESTARTS, MCP_TEST_TIMEOUT_MS, waitForServer } from "./mcp-helpers";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });

const fixtures = useServiceFixture();
const cleanups = useCleanups();

/** The model calls the bundle's tool; the person allows it once; resolves with the tool's report. */
async function callWhoami(fixture: ServiceFixture, server: string): Promise<Record<string, unknown>> {
  const tool = fixture.service.mcp.view().servers.find((s) => s.name === server)!.tools.find((t) => t.name === "whoami")!.modelName!;
  fixture.model.script({ toolUses: [{ id: "toolu_bundle", name: tool, input: { note: "hi" } }] }, { text: "Done." });
  const { id } = await fixture.call("runs:start", { text: "Who are you?" });
  expect((await fixture.log.step(id, "run_end")).stoppedBy).toBe("ask");
  const mark = fixture.log.count;
  await fixture.call("runs:answer", { id, answer: "Allow once" });
  await fixture.log.step(id, "run_end", mark);
  const view = await fixture.call<ConversationView>("conversations:get", { id });
  const result = view.entries.find((e) => e.kind === "tool_result") as unknown as { status: string; text: string };
  expect(result.status).toBe("done");
  return JSON.parse(result.text) as Record<string, unknown>;
}

function bundleFolders(fixture: ServiceFixture): string[] {
  const root = path.join(fixture.dataFolder, "mcp-bundles");
  return fs.existsSync(root) ? fs.readdirSync(root) : [];
}

it("installs a node bundle with a secret, runs its tool on the app's runtime, updates it keeping its settings, and removes it whole", async () => {
  const work = cleanups.tempDir();
  const mcpSecrets = new MemorySecretKeeper();
  const fixture = await fixtures.open({ dataFolder: cleanups.tempDir(), service: { ...FAST_RESTARTS, mcpSecrets } });

  const review = await fixture.call<BundleReview>("tools:openBundle", { path: await packBundle(work, helloManifest("1.0.0")) });
  expect(review).toMatchObject({ id: "hello-bundle", displayName: "Hello Bundle", version: "1.0.0", serverType: "node", signature: "unsigned", serverName: "Hello Bundle", author: { name: "Alpine tests" } });
  expect(review.tools).toEqual([{ name: "whoami", description: "Reports its configuration." }]);
  expect(review.permissions.join(" ")).toMatch(/Node\.js program, on Alpine's own runtime.*secret you enter for "API token"/);
  expect(review.settings.map((s) => [s.key, s.sensitive, s.required, s.isSet])).toEqual([["api_token", true, true, false], ["greeting", false, false, false]]);
  expect(review.replaces).toBeUndefined();
  await expect(fixture.call("tools:installBundle", { reviewId: review.reviewId, settings: {} })).rejects.toMatchObject({ name: "BundleSettingsError" });

  await fixture.call("tools:installBundle", { reviewId: review.reviewId, settings: { api_token: "tok-secret-123" } });
  const ready = await waitForServer(fixture, "Hello Bundle", (s) => s.status === "ready", "ready");
  expect(ready.bundle).toMatchObject({ version: "1.0.0", missingSettings: [] });
  // The server runs inside its guard, on the runtime the app runs on: no `node` is started for it.
  expect(await callWhoami(fixture, "Hello Bundle")).toEqual({ version: "1.0.0", token: "tok-secret-123", greeting: "hello", note: "hi", node: process.versions.node, pid: ready.pid });
  // The secret is kept with the MCP secrets only: never in mcp.json, never in a view.
  expect(fs.readFileSync(path.join(fixture.dataFolder, "mcp.json"), "utf8")).not.toContain("tok-secret-123");
  expect(mcpSecrets.get()).toContain("tok-secret-123");
  expect(JSON.stringify(await fixture.call("tools:get"))).not.toContain("tok-secret-123");
  const [firstFolder] = bundleFolders(fixture);

  const update = await fixture.call<BundleReview>("tools:openBundle", { path: await packBundle(work, helloManifest("2.0.0")) });
  expect(update).toMatchObject({ version: "2.0.0", replaces: { server: "Hello Bundle", version: "1.0.0" }, serverName: "Hello Bundle" });
  expect(update.settings.find((s) => s.key === "api_token")).toMatchObject({ isSet: true });
  expect(JSON.stringify(update)).not.toContain("tok-secret-123");
  await fixture.call("tools:installBundle", { reviewId: update.reviewId, settings: { greeting: "howdy" } });
  await waitForServer(fixture, "Hello Bundle", (s) => s.status === "ready" && s.bundle?.version === "2.0.0", "ready at 2.0.0");
  expect(await callWhoami(fixture, "Hello Bundle")).toMatchObject({ version: "2.0.0", token: "tok-secret-123", greeting: "howdy" });
  expect(bundleFolders(fixture)).toHaveLength(1);
  expect(bundleFolders(fixture)).not.toContain(firstFolder);

  // Settings survive a restart of the app (the secret from the keeper).
  await fixture.close();
  const again = fixture.reopen();
  const back = await waitForServer(again, "Hello Bundle", (s) => s.status === "ready", "ready after a restart");
  expect(back.bundle?.settings.find((s) => s.key === "greeting")).toMatchObject({ value: "howdy" });

  const removed = await again.call<McpSettingsView>("tools:removeServer", { name: "Hello Bundle" });
  expect(removed.servers).toEqual([]);
  expect(bundleFolders(again)).toEqual([]);
  expect(mcpSecrets.get()).not.toContain("tok-secret-123");
  await again.close();
});

it("a bundle whose stored secret is lost waits for it on its card, then starts; a bundle server cannot be edited as a command", async () => {
  const work = cleanups.tempDir();
  const dataFolder = cleanups.tempDir();
  const fixture = await fixtures.open({ dataFolder, service: { ...FAST_RESTARTS, mcpSecrets: new MemorySecretKeeper() } });
  const review = await fixture.call<BundleReview>("tools:openBundle", { path: await packBundle(work, helloManifest("1.0.0")) });
  await fixture.call("tools:installBundle", { reviewId: review.reviewId, settings: { api_token: "first" } });
  await fixture.close();

  // The encrypted secrets could not be read at the next start (another keychain): the token is gone.
  const again = await fixtures.open({ dataFolder, service: { ...FAST_RESTARTS, mcpSecrets: new MemorySecretKeeper() } });
  again.service.mcp.start();
  const waiting = await waitForServer(again, "Hello Bundle", (s) => s.error !== null, "waiting for its token");
  expect(waiting).toMatchObject({ status: "stopped", bundle: { missingSettings: ["api_token"] } });
  expect(waiting.error).toMatch(/needs a setting before it can start \(api_token\): fill it in on this card/);
  await expect(again.call("tools:configureBundle", { name: "Hello Bundle", settings: { unknown: "x" } })).rejects.toMatchObject({ name: "BundleSettingsError" });
  await expect(again.call("tools:configureBundle", { name: "Nope", settings: {} })).rejects.toMatchObject({ name: "BundleNotFoundError" });
  await expect(again.call("tools:editServer", { name: "Hello Bundle", transport: "stdio", command: "evil" })).rejects.toMatchObject({ name: "McpConfigError" });
  await again.call("tools:configureBundle", { name: "Hello Bundle", settings: { api_token: "second" } });
  await waitForServer(again, "Hello Bundle", (s) => s.status === "ready", "ready");
  expect(await callWhoami(again, "Hello Bundle")).toMatchObject({ token: "second" });
});
