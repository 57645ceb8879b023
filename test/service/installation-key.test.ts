/** The approval key: made once (owner-only), the same at every start, a damaged one refused by name. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { APPROVAL_KEY_FILE, ApprovalKeyError, installationApprovalKey } from "../../src/main/service/approvals/installation-key";
import { makeTempDir, removeDir } from "./helpers";

let folder: string;
afterEach(() => removeDir(folder));

it("is made once, owner-only, and read back the same; two folders have two keys", () => {
  folder = makeTempDir();
  const key = installationApprovalKey(folder);
  expect(key).toHaveLength(32);
  expect(installationApprovalKey(folder).equals(key)).toBe(true);
  const file = path.join(folder, APPROVAL_KEY_FILE);
  if (process.platform !== "win32") expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.readdirSync(folder)).toEqual([APPROVAL_KEY_FILE]); // no temporary file left
  const other = makeTempDir();
  try {
    expect(installationApprovalKey(other).equals(key)).toBe(false);
  } finally {
    removeDir(other);
  }
});

it("a damaged key is refused with what to do", () => {
  folder = makeTempDir();
  fs.writeFileSync(path.join(folder, APPROVAL_KEY_FILE), "not a key\n");
  expect(() => installationApprovalKey(folder)).toThrow(ApprovalKeyError);
  expect(() => installationApprovalKey(folder)).toThrow(/Remove the file and restart Alpine/);
});
