/**
 * The hosted CI workflow: valid YAML, one job on macOS, Windows and Ubuntu with Node 22 and 24,
 * its steps in order (the suite, then the Electron binary, the build and the real-app test), and
 * installers only on tags v*.
 */
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { packageJson, readText, WORKFLOW_FILE } from "./project-files";

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

describe(".github/workflows/ci.yml", () => {
  const document = parseDocument(readText(WORKFLOW_FILE), { prettyErrors: true, uniqueKeys: true });
  const workflow = document.toJS();
  const job = workflow.jobs?.test;
  const steps: Step[] = job?.steps ?? [];
  /** The index of the one step whose command matches, failing loudly when there is none. */
  const stepRunning = (pattern: RegExp): number => {
    const matches = steps.map((s, i) => (s.run && pattern.test(s.run) ? i : -1)).filter((i) => i >= 0);
    expect(matches, `one step runs ${pattern}`).toHaveLength(1);
    return matches[0];
  };

  it("is valid YAML without duplicate keys", () => {
    expect(document.errors.map((e) => e.message)).toEqual([]);
    expect(document.warnings.map((e) => e.message)).toEqual([]);
  });

  it("runs on pushes to main, pull requests and tags v*", () => {
    expect(workflow.on.push.branches).toEqual(["main"]);
    expect(workflow.on.push.tags).toEqual(["v*"]);
    expect(workflow.on).toHaveProperty("pull_request");
  });

  it("has one test job on Ubuntu, macOS and Windows, with Node 22 and 24, each finishing even if another fails", () => {
    expect(Object.keys(workflow.jobs)).toEqual(["test"]);
    expect(job["runs-on"]).toBe("${{ matrix.os }}");
    expect(job.strategy.matrix.os).toEqual(["ubuntu-latest", "macos-latest", "windows-latest"]);
    expect(job.strategy.matrix.node).toEqual([22, 24]);
    expect(job.strategy["fail-fast"]).toBe(false);
  });

  it("sets up the matrix's Node and uses pinned action versions", () => {
    const setupNode = steps.find((s) => s.uses?.startsWith("actions/setup-node@"));
    expect(setupNode?.with?.["node-version"]).toBe("${{ matrix.node }}");
    for (const step of steps.filter((s) => s.uses)) expect(step.uses).toMatch(/^actions\/[a-z-]+@v\d+$/);
  });

  it("installs, type-checks and runs npm test before the real app, with no rebuild of better-sqlite3 between", () => {
    const install = stepRunning(/^npm ci\b/);
    const typecheck = stepRunning(/^npm run typecheck$/);
    const test = stepRunning(/^npm test$/);
    const electronBinary = stepRunning(/node_modules\/electron\/install\.js/);
    const build = stepRunning(/^npx electron-vite build$/);
    const realApp = stepRunning(/vitest run test\/electron\//);
    expect(install).toBeLessThan(typecheck);
    expect(typecheck).toBeLessThan(test);
    expect(test).toBeLessThan(electronBinary);
    expect(electronBinary).toBeLessThan(realApp);
    expect(build).toBeLessThan(realApp);
    // One Node-API module serves Node and Electron: no step rebuilds it.
    expect(steps.filter((s) => /rebuild/.test(s.run ?? ""))).toEqual([]);
    // On hosted runners the real-app test must run: a missing precondition fails instead of skipping.
    expect(steps[realApp].env?.ALPINE_ELECTRON_TEST).toBe("required");
  });

  it("runs the real-app test under Xvfb on Ubuntu, and the browser tests against a Chromium named by CHROMIUM_PATH", () => {
    const realAppStep = steps[stepRunning(/vitest run test\/electron\//)].run!;
    expect(realAppStep).toMatch(/xvfb-run .*vitest run test\/electron\//);
    // The trailing slash matters: vitest filters by substring, and test/electron-layer runs under Node.
    expect(realAppStep).not.toMatch(/test\/electron(\s|$)/);
    const xvfb = steps[stepRunning(/apt-get install .*xvfb/)];
    expect(xvfb.if).toBe("runner.os == 'Linux'");
    expect(steps[stepRunning(/CHROMIUM_PATH=/)].run).toMatch(/GITHUB_ENV/);
  });

  it("builds the installers for every configured architecture and uploads them on tags v* only", () => {
    const installers = steps[stepRunning(/electron-builder --publish never/)];
    expect(installers.if).toBe("startsWith(github.ref, 'refs/tags/v') && matrix.node == 22");
    expect(installers.run).not.toMatch(/npmRebuild=true/);
    const upload = steps.find((s) => s.uses?.startsWith("actions/upload-artifact@") && String(s.with?.name).startsWith("installers-"));
    expect(upload?.if).toBe("startsWith(github.ref, 'refs/tags/v') && matrix.node == 22");
    for (const extension of ["dmg", "zip", "exe", "AppImage", "deb"]) expect(String(upload?.with?.path)).toContain(`dist/*.${extension}`);
  });

  it("only calls npm scripts that package.json defines", () => {
    const scripts = packageJson().scripts;
    for (const step of steps) {
      for (const match of (step.run ?? "").matchAll(/npm run ([\w:-]+)/g)) expect(scripts, `npm run ${match[1]}`).toHaveProperty([match[1]]);
    }
  });
});
