// Whether Chromium's sandbox can start for `npm start` on Linux, and what to do when it cannot.
//
// Ubuntu 24.04 and later restrict unprivileged user namespaces through AppArmor
// (kernel.apparmor_restrict_unprivileged_userns = 1). Chromium's sandbox then needs either an
// AppArmor profile that allows user namespaces for the binary, or its SUID helper
// (chrome-sandbox, owned by root with mode 4755). The Electron binary in node_modules has
// neither, and Electron dies with "The SUID sandbox helper binary was found, but is not
// configured correctly". This says why and how to fix it, before Electron is started.
// A pure function over the file reads, so a test can give it any system.
import { join } from "node:path";

const RESTRICTION = "/proc/sys/kernel/apparmor_restrict_unprivileged_userns";
const PROFILE_NAME = "alpine-dev-electron";
const SETUID = 0o4000;

/**
 * @param {object} system
 * @param {string} system.platform process.platform
 * @param {string} system.electronBinary the Electron executable `npm start` runs
 * @param {(file: string) => string | null} system.readText a file's text, null when it cannot be read
 * @param {(file: string) => { uid: number, mode: number } | null} system.stat a file's owner and mode, null when missing
 * @param {(folder: string) => string[]} system.listFolder the names in a folder, [] when it cannot be read
 * @returns {string | null} what to tell the person, or null when the sandbox can start
 */
export function sandboxProblem({ platform, electronBinary, readText, stat, listFolder }) {
  if (platform !== "linux") return null;
  if (readText(RESTRICTION)?.trim() !== "1") return null;
  const helper = join(electronBinary, "..", "chrome-sandbox");
  const helperStat = stat(helper);
  if (helperStat && helperStat.uid === 0 && (helperStat.mode & SETUID) !== 0) return null;
  // A profile someone installed for this binary (a line naming it) lifts the restriction for it.
  for (const name of listFolder("/etc/apparmor.d")) {
    const text = readText(join("/etc/apparmor.d", name));
    if (text && text.includes(electronBinary) && /\buserns\b/.test(text)) return null;
  }
  return [
    "Chromium's sandbox cannot start: this system restricts unprivileged user namespaces",
    `(AppArmor: ${RESTRICTION} is 1, as on Ubuntu 24.04 and later), and the Electron`,
    "binary in node_modules has no AppArmor profile and no SUID sandbox helper.",
    "",
    "Fix it once with one of these (then run npm start again):",
    "",
    "1. An AppArmor profile that lets this Electron binary use user namespaces (recommended):",
    "",
    `   sudo tee /etc/apparmor.d/${PROFILE_NAME} >/dev/null <<'PROFILE'`,
    "   abi <abi/4.0>,",
    "   include <tunables/global>",
    `   profile ${PROFILE_NAME} "${electronBinary}" flags=(unconfined) {`,
    "     userns,",
    `     include if exists <local/${PROFILE_NAME}>`,
    "   }",
    "   PROFILE",
    `   sudo apparmor_parser -r /etc/apparmor.d/${PROFILE_NAME}`,
    "",
    "2. Or make Chromium's SUID sandbox helper usable (root-owned, setuid):",
    "",
    `   sudo chown root:root "${helper}"`,
    `   sudo chmod 4755 "${helper}"`,
    "",
    "   (npm ci or a new Electron version replaces the helper: repeat it then.)",
    "",
    "3. Or lift the restriction for the whole system until the next restart (weakens it for every program):",
    "",
    "   sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0",
    "",
    "The installed app's .deb installs an AppArmor profile of its own; an AppImage needs option 1 for its own path. See docs/installing.md.",
  ].join("\n");
}
