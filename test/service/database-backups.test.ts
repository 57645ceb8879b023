/**
 * The database's backup copies: listed newest first with their size, only the newest few
 * kept (older ones removed once the window's first screen is shown), nothing else in the data folder touched.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BACKUPS_KEPT, DatabaseBackups } from "../../src/main/service/database-backups";
import type { BackupsView } from "../../src/shared/update-types";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

const folders: string[] = [];
let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  for (const folder of folders.splice(0)) removeDir(folder);
});

/** A backup named as the migrations name them, `minute` minutes past 10:00, of `bytes` bytes. */
function plantBackup(folder: string, version: number, minute: number, bytes: number, suffix = ""): string {
  const name = `alpine.db.backup-v${version}-2026-11-30T10-${String(minute).padStart(2, "0")}-00-000Z${suffix}`;
  fs.writeFileSync(path.join(folder, name), Buffer.alloc(bytes, 1));
  return name;
}

describe("database backups", () => {
  it("pruning a folder that is gone logs and removes nothing, never throws (it runs from a timer)", () => {
    const folder = makeTempDir();
    removeDir(folder);
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args.join(" "));
    try {
      expect(new DatabaseBackups(path.join(folder, "alpine.db")).prune()).toEqual([]);
    } finally {
      console.error = original;
    }
    expect(String(logged[0])).toMatch(/could not be listed/);
  });

  it("lists the copies newest first with size, schema version and time", () => {
    const folder = makeTempDir();
    folders.push(folder);
    plantBackup(folder, 1, 1, 100);
    plantBackup(folder, 2, 5, 300);
    plantBackup(folder, 2, 5, 50, "-2");
    fs.writeFileSync(path.join(folder, "other.db.backup-v1-2026-11-30T10-09-00-000Z"), "not ours");
    fs.writeFileSync(path.join(folder, "alpine.db.backup-notes.txt"), "not a backup");
    const view = new DatabaseBackups(path.join(folder, "alpine.db")).view();
    expect(view.backups.map((b) => [b.name, b.bytes, b.schemaVersion])).toEqual([
      ["alpine.db.backup-v2-2026-11-30T10-05-00-000Z-2", 50, 2],
      ["alpine.db.backup-v2-2026-11-30T10-05-00-000Z", 300, 2],
      ["alpine.db.backup-v1-2026-11-30T10-01-00-000Z", 100, 1],
    ]);
    expect(view.backups[2].createdAt).toBe("2026-11-30T10:01:00.000Z");
    expect(view).toMatchObject({ folder, keep: BACKUPS_KEPT, totalBytes: 450 });
  });

  it("keeps only the newest few and touches nothing else", () => {
    const folder = makeTempDir();
    folders.push(folder);
    const names = [1, 2, 3, 4, 5].map((minute) => plantBackup(folder, minute, minute, 10));
    fs.writeFileSync(path.join(folder, "alpine.db"), "the database");
    fs.writeFileSync(path.join(folder, "settings.json"), "{}");
    const removed = new DatabaseBackups(path.join(folder, "alpine.db"), 3).prune();
    expect(removed.sort()).toEqual([names[0], names[1]].sort());
    expect(fs.readdirSync(folder).sort()).toEqual([...names.slice(2), "alpine.db", "settings.json"].sort());
  });

  it("the app removes old copies once its first screen is shown and shows the rest in settings", async () => {
    const dataFolder = makeTempDir();
    folders.push(dataFolder);
    const names = [1, 2, 3, 4, 5, 6].map((minute) => plantBackup(dataFolder, 3, minute, minute * 1000));
    fixture = await openService({ dataFolder });
    await fixture.call("app:shown");
    const view = await fixture.call<BackupsView>("backups:list");
    expect(view.backups.map((b) => b.name)).toEqual(names.slice(-BACKUPS_KEPT).reverse());
    expect(view.totalBytes).toBe(6000 + 5000 + 4000);
    for (const name of names.slice(0, -BACKUPS_KEPT)) expect(fs.existsSync(path.join(dataFolder, name))).toBe(false);
  });
});
