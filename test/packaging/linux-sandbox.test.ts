/**
 * `npm start` on Linux checks, before starting Electron, whether Chromium's sandbox can start:
 * on Ubuntu 24.04 and later AppArmor restricts unprivileged user namespaces, and the Electron
 * binary in node_modules has neither a profile nor a SUID helper. Given systems made of fake
 * file reads: the fix is printed exactly when the sandbox would fail.
 */
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript script without declarations
import { sandboxProblem } from "../../scripts/linux-sandbox.mjs";
import { readText as readProjectText } from "./project-files";

const BINARY = "/home/jane/alpine/node_modules/electron/dist/electron";
const HELPER = "/home/jane/alpine/node_modules/electron/dist/chrome-sandbox";
const RESTRICTION = "/proc/sys/kernel/apparmor_restrict_unprivileged_userns";

interface FakeSystem {
  platform?: string;
  files?: Record<string, string>;
  helper?: { uid: number; mode: number } | null;
  profiles?: Record<string, string>;
}

function check({ platform = "linux", files = {}, helper = { uid: 1000, mode: 0o100755 }, profiles = {} }: FakeSystem): string | null {
  const all: Record<string, string> = { ...files };
  for (const [name, text] of Object.entries(profiles)) all[`/etc/apparmor.d/${name}`] = text;
  return sandboxProblem({
    platform,
    electronBinary: BINARY,
    readText: (file: string) => all[file] ?? null,
    stat: (file: string) => (file === HELPER ? helper : null),
    listFolder: (folder: string) => (folder === "/etc/apparmor.d" ? Object.keys(profiles) : []),
  });
}

const restricted = { [RESTRICTION]: "1\n" };

describe("the Linux sandbox check of npm start", () => {
  it("on Ubuntu 24.04's restriction with an ordinary helper: says why and gives the three fixes with this binary's paths", () => {
    const message = check({ files: restricted });
    expect(message).toMatch(/restricts unprivileged user namespaces/);
    expect(message).toContain(`profile alpine-dev-electron "${BINARY}"`);
    expect(message).toContain("userns,");
    expect(message).toContain("sudo apparmor_parser -r /etc/apparmor.d/alpine-dev-electron");
    expect(message).toContain(`sudo chown root:root "${HELPER}"`);
    expect(message).toContain(`sudo chmod 4755 "${HELPER}"`);
    expect(message).toContain("sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0");
  });

  it("a missing helper is the same problem", () => {
    expect(check({ files: restricted, helper: null })).toMatch(/restricts unprivileged user namespaces/);
  });

  it("no problem without the restriction, with it off, or off Linux", () => {
    expect(check({})).toBeNull();
    expect(check({ files: { [RESTRICTION]: "0\n" } })).toBeNull();
    expect(check({ platform: "darwin", files: restricted })).toBeNull();
    expect(check({ platform: "win32", files: restricted })).toBeNull();
  });

  it("no problem when the helper is root-owned and setuid", () => {
    expect(check({ files: restricted, helper: { uid: 0, mode: 0o104755 } })).toBeNull();
    // Setuid but not root's, or root's but not setuid: Chromium refuses both.
    expect(check({ files: restricted, helper: { uid: 1000, mode: 0o104755 } })).not.toBeNull();
    expect(check({ files: restricted, helper: { uid: 0, mode: 0o100755 } })).not.toBeNull();
  });

  it("no problem when an AppArmor profile lets this binary use user namespaces; another binary's profile does not count", () => {
    const profile = (binary: string) => `abi <abi/4.0>,\nprofile x "${binary}" flags=(unconfined) {\n  userns,\n}\n`;
    expect(check({ files: restricted, profiles: { "alpine-dev-electron": profile(BINARY) } })).toBeNull();
    expect(check({ files: restricted, profiles: { "other-app": profile("/opt/Other/other") } })).not.toBeNull();
  });

  it("npm start runs the check before launching Electron and stops with its message", () => {
    const start = readProjectText("scripts/start.mjs");
    expect(start).toMatch(/import \{ sandboxProblem \} from "\.\/linux-sandbox\.mjs"/);
    expect(start.indexOf("sandboxProblem({")).toBeLessThan(start.indexOf("spawn(binaryPath()"));
    expect(start).toMatch(/if \(problem\) fail\(/);
  });
});
