/**
 * The toolchain's Node: development, the tests and CI run on Node 22, Electron 45's own Node.
 * `.ci/node.sh` (sourced by `.ci/run`) puts a Node 22 first on PATH when the machine's Node is
 * another major, installing it from the npm registry's `node` package; it is run here with
 * stand-ins for `node` and `npm` (shell scripts), so no download is made.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nodeVersionProblem, REQUIRED_NODE } from "../../scripts/node-version.mjs";
import { fromRoot, packageJson, readText } from "./project-files";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("the Node the project needs", () => {
  it("is Node 22 in package.json's engines, .nvmrc and the scripts' own check", () => {
    expect((packageJson() as unknown as { engines: { node: string } }).engines.node).toBe(">=22");
    expect(readText(".nvmrc").trim()).toBe("22");
    expect(REQUIRED_NODE.major).toBe(22);
  });

  it("refuses an older Node with one sentence that says which Node and how to get it", () => {
    const problem = nodeVersionProblem("20.20.2");
    expect(problem).toMatch(/needs Node 22\.\d+ or later/);
    expect(problem).toMatch(/this is Node 20\.20\.2/);
    expect(problem).toMatch(/nvm install 22/);
    expect(nodeVersionProblem("22.12.0")).toMatch(/this is Node 22\.12\.0/);
    for (const fine of ["22.18.0", "22.23.3", "24.1.0", "26.0.0"]) expect(nodeVersionProblem(fine)).toBeNull();
  });

  it("runs on this Node (the suite itself is on 22 or later)", () => {
    expect(nodeVersionProblem(process.versions.node)).toBeNull();
    expect(readText("scripts/test.mjs")).toMatch(/Ran on Node \$\{process\.version\}/);
  });
});

describe.skipIf(process.platform === "win32")(".ci/node.sh", () => {
  /** A folder of stand-ins: `node` answering as the given version, `npm` "installing" Node 22. */
  function machine(systemNode: string) {
    const root = mkdtempSync(path.join(os.tmpdir(), "alpine-ci-node-"));
    folders.push(root);
    const bin = path.join(root, "bin");
    mkdirSync(bin);
    const npmLog = path.join(root, "npm.log");
    const script = (file: string, body: string) => {
      writeFileSync(file, `#!/bin/sh\n${body}\n`);
      chmodSync(file, 0o755);
    };
    // The system's node: `node -p <expr>` prints its major, `node -v` its version, and the scripts'
    // version check is run by the real Node on this one's version.
    script(
      path.join(bin, "node"),
      `case "$1" in -p) echo "${systemNode.split(".")[0]}" ;; *node-version.mjs) exec "${process.execPath}" "$1" "${systemNode}" ;; *) echo "v${systemNode}" ;; esac`,
    );
    // npm install --prefix DIR node@X lays out the package as the registry's does: the binary in
    // node_modules/node/node_modules/node-<os>-<arch>/bin, headers beside it in include/node.
    script(
      path.join(bin, "npm"),
      [
        `echo "$@" >> "${npmLog}"`,
        'while [ "$1" != "--prefix" ]; do shift; done; prefix="$2"',
        'pkg="$prefix/node_modules/node/node_modules/node-$(uname -s | tr "[:upper:]" "[:lower:]")-$(uname -m | sed -e s/x86_64/x64/ -e s/aarch64/arm64/)"',
        'mkdir -p "$pkg/bin" "$pkg/include/node"',
        `printf '#!/bin/sh\\ncase "$1" in -p) echo 22 ;; *) echo v22.23.3 ;; esac\\n' > "$pkg/bin/node"`,
        'chmod +x "$pkg/bin/node"',
      ].join("\n"),
    );
    const cache = path.join(root, "cache");
    const run = () =>
      spawnSync("bash", ["-c", `source "${fromRoot(".ci/node.sh")}" && echo "PATH_NODE=$(command -v node)" && echo "NODEDIR=$npm_config_nodedir" && node -v`], {
        encoding: "utf8",
        env: { PATH: `${bin}:/usr/bin:/bin`, HOME: root, ALPINE_NODE_CACHE: cache },
      });
    const npmCalls = () => {
      try {
        return readFileSync(npmLog, "utf8").trim().split("\n");
      } catch {
        return [];
      }
    };
    return { bin, cache, run, npmCalls };
  }

  it("on a machine with only Node 20, installs Node 22 from the npm registry and puts it first on PATH for the run only", () => {
    const { bin, cache, run, npmCalls } = machine("20.20.2");
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    expect(npmCalls()).toEqual([expect.stringMatching(new RegExp(`^install --prefix ${cache} .*node@22\\.23\\.3$`))]);
    expect(first.stdout).toMatch(new RegExp(`PATH_NODE=${cache}/node_modules/node/node_modules/node-[a-z]+-[a-z0-9]+/bin/node`));
    // Native modules are compiled against that Node's own headers, shipped in the same package.
    expect(first.stdout).toMatch(new RegExp(`NODEDIR=${cache}/node_modules/node/node_modules/node-[a-z]+-[a-z0-9]+\\n`));
    expect(first.stdout).toMatch(/Node for this run: v22\.23\.3/);
    // Outside the run, the machine's node is still its own.
    const outside = spawnSync(path.join(bin, "node"), ["-v"], { encoding: "utf8" });
    expect(outside.stdout.trim()).toBe("v20.20.2");
    // A second run finds it installed and downloads nothing.
    expect(run().status).toBe(0);
    expect(npmCalls()).toHaveLength(1);
  });

  it("on a machine whose Node 22 is older than the scripts accept, installs Node 22 all the same", () => {
    const { cache, run, npmCalls } = machine("22.12.0");
    const result = run();
    expect(result.status, result.stderr).toBe(0);
    expect(npmCalls()).toEqual([expect.stringMatching(new RegExp(`^install --prefix ${cache} .*node@22\\.23\\.3$`))]);
    expect(result.stdout).toMatch(/Node for this run: v22\.23\.3/);
  });

  it("on a machine whose Node is already 22, uses it and installs nothing", () => {
    const { bin, run, npmCalls } = machine("22.23.3");
    const result = run();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`PATH_NODE=${bin}/node`);
    expect(result.stdout).toMatch(/NODEDIR=\n/);
    expect(npmCalls()).toEqual([]);
  });

  it("is what .ci/run sources before it installs and tests", () => {
    const ci = readText(".ci/run");
    const sourced = ci.indexOf("source .ci/node.sh");
    expect(sourced).toBeGreaterThan(0);
    expect(sourced).toBeLessThan(ci.indexOf("npm ci"));
    expect(ci.indexOf("npm ci")).toBeLessThan(ci.lastIndexOf("npm test"));
  });
});
