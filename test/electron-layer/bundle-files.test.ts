/**
 * MCP Bundles the system opens with the app: paths found in a command line (a first launch,
 * or a second one's), macOS `open-file` events, files asked for before the service is open
 * kept until it is; each reviewed by the real service and shown to the window as an event,
 * or refused with why.
 */
import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { BundleFiles, bundlePathsIn, listenForOpenedFiles } from "../../src/main/electron/bundle-files";
import type { AppEvent } from "../../src/shared/ipc-contract";
import { helloManifest, packBundle } from "../service/bundle-helpers";
import { useCleanups, useServiceFixture } from "../service/helpers";

const fixtures = useServiceFixture();
const cleanups = useCleanups();

it("finds bundle files in a command line, not the program nor its options", () => {
  expect(bundlePathsIn(["/opt/Alpine/alpine-desktop", "--no-sandbox", "/home/me/Downloads/weather.mcpb", "/home/me/notes.txt", "C:\\Users\\me\\old.DXT"])).toEqual([
    "/home/me/Downloads/weather.mcpb",
    "C:\\Users\\me\\old.DXT",
  ]);
  expect(bundlePathsIn(["/Applications/Alpine.app/Contents/MacOS/Alpine"])).toEqual([]);
});

it("files opened before the service is ready wait for it; each is reviewed, or refused with why", async () => {
  const work = cleanups.tempDir();
  const good = await packBundle(work, helloManifest());
  const bad = path.join(work, "broken.mcpb");
  fs.writeFileSync(bad, "not a zip");
  const files = new BundleFiles();
  const app = new EventEmitter();
  listenForOpenedFiles(app as never, files);
  let prevented = 0;
  app.emit("open-file", { preventDefault: () => prevented++ }, good);
  app.emit("open-file", { preventDefault: () => prevented++ }, path.join(work, "picture.png"));
  files.open(bad);
  expect(prevented).toBe(2);

  const fixture = await fixtures.open();
  const events: AppEvent[] = [];
  fixture.service.events.on((e) => void events.push(e));
  files.ready(fixture.service);
  await expect.poll(() => events.filter((e) => e.type === "bundle_opened" || e.type === "bundle_refused").length).toBe(2);
  expect(events.find((e) => e.type === "bundle_opened")).toMatchObject({ review: { id: "hello-bundle", version: "1.0.0" } });
  expect(events.find((e) => e.type === "bundle_refused")).toMatchObject({ message: expect.stringMatching(/^This file cannot be opened as an MCP Bundle: it is not a zip archive/) });
  // Nothing was installed by opening.
  expect(fixture.service.mcp.view().servers).toEqual([]);
});
