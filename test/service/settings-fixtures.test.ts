/**
 * Frozen settings files (test/fixtures/settings/): the current version is read as it is;
 * one from a newer Alpine is used as far as it can be but never rewritten; a garbled one
 * is kept aside byte-for-byte and the app opens with the defaults. In both bad cases the
 * app still starts, still runs conversations, and says what happened.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, SETTINGS_FILE_NAME, SETTINGS_VERSION, SettingsFile } from "../../src/main/service/settings/settings-file";
import { DEFAULT_DESKTOP_SETTINGS } from "../../src/shared/desktop-types";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

const FIXTURES = fileURLToPath(new URL("../fixtures/settings/", import.meta.url));

let fixture: ServiceFixture | undefined;
const folders: string[] = [];
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  for (const folder of folders.splice(0)) removeDir(folder);
});

/** A data folder whose settings.json is a copy of the named fixture. */
function dataFolderWith(fixtureName: string): { dataFolder: string; file: string; frozen: Buffer } {
  const dataFolder = makeTempDir();
  folders.push(dataFolder);
  const file = path.join(dataFolder, SETTINGS_FILE_NAME);
  fs.copyFileSync(path.join(FIXTURES, fixtureName), file);
  fs.chmodSync(file, 0o600);
  return { dataFolder, file, frozen: fs.readFileSync(path.join(FIXTURES, fixtureName)) };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const settingsFilesIn = (folder: string) => fs.readdirSync(folder).filter((name) => name.startsWith(SETTINGS_FILE_NAME)).sort();

/** The app still runs a conversation end to end. */
async function runsAConversation(service: ServiceFixture): Promise<void> {
  service.model.script({ text: "Still here." });
  const { id } = await service.call("runs:start", { text: "Are you there?" });
  expect(await service.log.step(id, "run_end")).toMatchObject({ stoppedBy: "end_turn", error: null });
}

describe("settings fixtures", () => {
  it("the current version (1) is read as it is, and changes keep it at version 1", async () => {
    expect(SETTINGS_VERSION).toBe(1); // a new version needs its own fixture beside these
    const { dataFolder, file } = dataFolderWith("settings-v1.json");
    fixture = await openService({ dataFolder });
    expect(await fixture.call("settings:get")).toMatchObject({
      model: "claude-opus-4-1",
      systemPrompt: "Answer in one short paragraph.",
      folder: null,
      hasApiKey: true,
    });
    await fixture.call("settings:set", { systemPrompt: "Answer in two sentences." });
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({
      version: 1,
      model: "claude-opus-4-1",
      systemPrompt: "Answer in two sentences.",
      folder: null,
      // Added within version 1: a file without them reads their defaults, and the next write adds them.
      desktop: DEFAULT_DESKTOP_SETTINGS,
      language: "system",
      defaultProvider: null,
    });
    expect(settingsFilesIn(dataFolder)).toEqual([SETTINGS_FILE_NAME]);
  });

  for (const [name, version, expected] of [
    ["settings-v2-newer.json", 2, { model: "claude-opus-5", systemPrompt: "Be brief.", folder: null }],
    ["settings-v3-newer-reshaped.json", 3, DEFAULT_SETTINGS],
  ] as const) {
    it(`a newer version's file (${name}) is used as far as it can be, reported, and never rewritten`, async () => {
      const { dataFolder, file, frozen } = dataFolderWith(name);
      fixture = await openService({ dataFolder });
      const view = await fixture.call("settings:get");
      expect(view).toMatchObject({ ...expected, hasApiKey: true });
      expect(view.problem).toBe(
        `The settings file ${file} is from a newer version of Alpine (settings version ${version}). ` +
          "It is left unchanged, and settings cannot be changed until Alpine is updated.",
      );

      const refused = await fixture.request("settings:set", { systemPrompt: "Hi" });
      expect(refused).toMatchObject({ ok: false, error: { name: "NewerFileVersionError", message: expect.stringContaining("Update Alpine to change settings") } });
      expect(await fixture.request("settings:set", { model: "claude-haiku-4-5" })).toMatchObject({ ok: false, error: { name: "NewerFileVersionError" } });
      // The key is not in the settings file: it can still be set.
      expect(await fixture.call("settings:setApiKey", { apiKey: "sk-ant-other" })).toMatchObject({ hasApiKey: true });
      await runsAConversation(fixture);

      await fixture.service.shutdown();
      const again = fixture.reopen();
      try {
        expect((await again.call("settings:get")).problem).toContain(`settings version ${version}`);
      } finally {
        await again.close();
      }
      expect(sha256(fs.readFileSync(file))).toBe(sha256(frozen));
      expect(settingsFilesIn(dataFolder)).toEqual([SETTINGS_FILE_NAME]); // nothing moved aside or written beside it
    });
  }

  it("a garbled file is kept aside byte-for-byte, the app opens with the defaults and says so", async () => {
    const { dataFolder, file, frozen } = dataFolderWith("settings-garbled.json");
    fixture = await openService({ dataFolder });
    const view = await fixture.call("settings:get");
    expect(view).toMatchObject({ ...DEFAULT_SETTINGS, hasApiKey: true });
    const [aside] = settingsFilesIn(dataFolder).filter((n) => n.startsWith(`${SETTINGS_FILE_NAME}.unreadable-`));
    expect(aside).toBeDefined();
    expect(view.problem).toBe(
      `The settings file could not be read, so Alpine started with the default settings. The old file was kept as ${path.join(dataFolder, aside)}.`,
    );
    expect(sha256(fs.readFileSync(path.join(dataFolder, aside)))).toBe(sha256(frozen));
    expect(fs.existsSync(file)).toBe(false); // nothing written until the person changes a setting

    await runsAConversation(fixture);
    await fixture.call("settings:set", { model: "claude-haiku-4-5" });
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ version: SETTINGS_VERSION, model: "claude-haiku-4-5" });
    expect(sha256(fs.readFileSync(path.join(dataFolder, aside)))).toBe(sha256(frozen));
    expect(settingsFilesIn(dataFolder)).toEqual([SETTINGS_FILE_NAME, aside]);
  });

  it("SettingsFile on its own: a newer file refuses update and keeps its bytes; the current one reports no problem", () => {
    const newer = dataFolderWith("settings-v2-newer.json");
    const settings = new SettingsFile(newer.dataFolder);
    expect(() => settings.update({ model: "claude-haiku-4-5" })).toThrow(/newer version of Alpine \(settings version 2, this one reads 1\)/);
    expect(settings.get().model).toBe("claude-opus-5");
    expect(fs.readFileSync(newer.file)).toEqual(newer.frozen);

    const current = dataFolderWith("settings-v1.json");
    expect(new SettingsFile(current.dataFolder).problem).toBeNull();
  });
});
