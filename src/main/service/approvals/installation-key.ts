/**
 * This installation's approval key: 32 random bytes made once, kept owner-only in the data
 * folder and never in any export, shared store or settings file. It seals the questions
 * Alpine asks and the answers the person gives here (the library's approval-seal.ts), so an
 * answer in an imported file or written by another machine never holds on this one.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomicSync } from "../../agent";

export const APPROVAL_KEY_FILE = "approval.key";

export class ApprovalKeyError extends Error {
  override name = "ApprovalKeyError";
  constructor(file: string, problem: string) {
    super(`Alpine's approval key "${file}" ${problem}. Remove the file and restart Alpine: a new key is made (questions waiting for an answer are then asked again).`);
  }
}

/** The key, made on first use; a second process making it at the same moment reads the first one's. */
export function installationApprovalKey(dataFolder: string): Buffer {
  const file = path.join(dataFolder, APPROVAL_KEY_FILE);
  if (!fs.existsSync(file)) {
    // Written whole and flushed beside it, then linked in place: link never replaces a key another
    // process made first, and the key is never seen half-written, not even after a power cut.
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
    writeFileAtomicSync(temporary, `${randomBytes(32).toString("hex")}\n`);
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  const text = fs.readFileSync(file, "utf8").trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new ApprovalKeyError(file, "is damaged (it should hold 64 hexadecimal digits)");
  return Buffer.from(text, "hex");
}
