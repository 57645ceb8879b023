/**
 * A damaged database in the window (Chromium, test host, real SQLite): a conversation whose
 * id and one entry were garbled on disk is listed as damaged, never missing; "Export readable"
 * writes the entries that pass their check; "Restore from backup" puts it back from the latest
 * backup copy. The last run did not shut down cleanly, so the database is checked in the
 * background and the window hears of it. Every wait is on a named app event.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/main/agent";
import { RUNNING_MARKER } from "../../src/main/service/damage/database-health";
import { entriesUpTo, isoAt, makeSnapshot } from "../store/records";
import { useAlpineSession } from "./support/file-session";
import { conversationRow } from "./support/window-actions";

const GARBLED = "br\u0001vo";

function raw(file: string, work: (db: Database.Database) => void): void {
  const db = new Database(file);
  try {
    db.pragma("foreign_keys = OFF");
    work(db);
  } finally {
    db.close();
  }
}

/** Three conversations and a backup copy of them; then, on disk, bravo's id and one of its entries garbled, and the app killed. */
function seedDamage(dataFolder: string): void {
  fs.mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  const file = path.join(dataFolder, "alpine.db");
  const store = new SqliteStore(file);
  for (const [i, id] of ["alpha", "bravo", "charlie"].entries()) {
    store.write(id, entriesUpTo(4, id), makeSnapshot(id, { entryCount: 4, updatedAt: isoAt(i), title: `Trip ${id}` }), { create: true });
  }
  store.close();
  raw(file, (db) => db.prepare("VACUUM INTO ?").run(path.join(dataFolder, "alpine.db.backup-v6-2026-12-01T10-00-00-000Z")));
  raw(file, (db) => {
    db.prepare("UPDATE entries SET body = json_set(body, '$.text', 'noise') WHERE id = ((SELECT num FROM conversations WHERE id = 'bravo') << 32) + 2").run();
    db.prepare("UPDATE conversations SET id = ? WHERE id = 'bravo'").run(GARBLED);
  });
  fs.writeFileSync(path.join(dataFolder, RUNNING_MARKER), "4242\n");
}

describe("a damaged database in the window", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession({ prepare: seedDamage });

  it("lists the damaged conversation as damaged, exports what is readable, and restores it from the backup", async () => {
    await win().waitFor("list-rendered");
    const damaged = page().locator('.conversation-row[data-damaged="true"]');
    await damaged.waitFor();
    expect(await damaged.count()).toBe(1);
    expect(await damaged.getByRole("status").textContent()).toBe("Damaged");
    await conversationRow(win(), "alpha").waitFor();
    await conversationRow(win(), "charlie").waitFor();

    // The last run was killed: the database check runs in the background and reports.
    expect((await win().waitFor("database-checked")).detail).toEqual({ ok: true });

    let mark = await win().mark();
    await damaged.getByRole("button", { name: "Export readable" }).click();
    const exported = (await win().waitFor("damaged-exported", {}, mark)).detail as { path: string };
    expect(exported.path.startsWith(path.join(e2e.session.dataFolder, "exports"))).toBe(true);
    const text = fs.readFileSync(exported.path, "utf8");
    expect(text).toContain("3 entries could be read, 1 were left out (seq 2)");
    expect(text).not.toContain("noise");

    mark = await win().mark();
    await damaged.getByRole("button", { name: "Restore from backup" }).click();
    expect((await win().waitFor("damaged-restored", {}, mark)).detail).toEqual({ id: "bravo" });
    const restored = conversationRow(win(), "bravo");
    await restored.waitFor();
    expect(await restored.getAttribute("data-damaged")).toBeNull();
    expect(await page().locator('.conversation-row[data-damaged="true"]').count()).toBe(0);

    mark = await win().mark();
    await restored.locator(".conversation-row__open").click();
    await win().waitFor("conversation-opened", { id: "bravo" }, mark);
  });
});
