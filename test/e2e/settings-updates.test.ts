/**
 * Settings in the window: how the API key is kept, the updates (the test host runs from
 * source, so they say they are off), and the database's backup copies.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";

describe("settings: key storage, updates, backups", () => {
  const page = () => e2e.page;

  const e2e = useAlpineSession();

  it("says where the key is kept, that this copy does not update itself, and lists no backups yet", async () => {
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page().getByRole("dialog", { name: "Settings" });
    await dialog.waitFor();
    const keyStorage = dialog.getByTestId("key-storage");
    expect(await keyStorage.getAttribute("data-protection")).toBe("memory-only");
    expect(await keyStorage.textContent()).toMatch(/kept in memory only, until Alpine quits/);

    const updates = dialog.getByTestId("updates");
    await updates.locator("[role=status]").waitFor();
    expect(await updates.getAttribute("data-phase")).toBe("unsupported");
    expect(await updates.textContent()).toMatch(/runs from source/);
    expect(await updates.getByRole("button", { name: "Check for updates" }).isDisabled()).toBe(true);
    expect(await dialog.getByTestId("backups").textContent()).toMatch(/No database backups yet/);
  });
});
