/**
 * Data folders for settings tests: each a fresh folder, optionally holding one of the frozen
 * settings files of test/fixtures/settings, removed after each test; and the file as it is on disk.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";
import { SETTINGS_FILE_NAME } from "../../src/main/service/settings/settings-file";
import { makeTempDir, removeDir } from "./helpers";

const FIXTURES = fileURLToPath(new URL("../fixtures/settings/", import.meta.url));

export function useSettingsFolders() {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) removeDir(folder);
  });
  return {
    /** A new data folder; with `fixtureName`, that frozen settings file in it. */
    dataFolder(fixtureName?: string): string {
      const folder = makeTempDir();
      folders.push(folder);
      if (fixtureName) fs.copyFileSync(path.join(FIXTURES, fixtureName), path.join(folder, SETTINGS_FILE_NAME));
      return folder;
    },
    /** The settings file of `folder`, parsed. */
    settingsOnDisk: (folder: string) => JSON.parse(fs.readFileSync(path.join(folder, SETTINGS_FILE_NAME), "utf8")),
  };
}
