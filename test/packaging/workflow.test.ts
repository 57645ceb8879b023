/**
 * The hosted CI workflow: valid YAML, a test job on macOS, Windows and Ubuntu with Node 22 and 24
 * whose steps run in order (the suite, then the Electron binary, the build and the real-app test;
 * nothing rebuilds better-sqlite3, one Node-API module serves both), and a packaged-app job on the
 * same three systems that builds the app with electron-builder and runs the smoke test on its
 * executable, whose steps call only files and scripts that exist. Installers are release.yml's
 * (release-workflow.test.ts).
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { builderConfig, fromRoot, packageJson, readText, WORKFLOW_FILE } from "./project-files";

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

  it("has a test job (Node 22 and 24) and a packaged-app job on Ubuntu, macOS and Windows, each finishing even if another fails", () => {
    expect(Object.keys(workflow.jobs)).toEqual(["test", "packaged-app"]);
    const packaged = workflow.jobs["packaged-app"];
    expect(packaged.strategy.matrix.os).toEqual(["ubuntu-latest", "macos-latest", "windows-latest"]);
    expect(packaged.strategy["fail-fast"]).toBe(false);
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

  it("builds no installers: a tag's installers are the release workflow's", () => {
    expect(steps.filter((s) => /electron-builder/.test(s.run ?? ""))).toEqual([]);
  });

  it("only calls npm scripts that package.json defines", () => {
    const scripts = packageJson().scripts;
    for (const step of [...steps, ...(workflow.jobs["packaged-app"]?.steps ?? [])] as Step[]) {
      for (const match of (step.run ?? "").matchAll(/npm run ([\w:-]+)/g)) expect(scripts, `npm run ${match[1]}`).toHaveProperty([match[1]]);
    }
  });

  describe("the packaged-app job", () => {
    const packagedSteps: Step[] = workflow.jobs["packaged-app"]?.steps ?? [];
    const runOf = (pattern: RegExp) => {
      const found = packagedSteps.filter((s) => s.run && pattern.test(s.run));
      expect(found, `one step runs ${pattern}`).toHaveLength(1);
      return { step: found[0], index: packagedSteps.indexOf(found[0]) };
    };

    it("builds the app, then the unpacked packaged app with the smoke configuration, then runs the smoke test on its executable", () => {
      const build = runOf(/^npx electron-vite build$/);
      const packaged = runOf(/electron-builder --dir/);
      const named = runOf(/ALPINE_PACKAGED_APP=/);
      const smoke = runOf(/npm run test:packaged/);
      expect(build.index).toBeLessThan(packaged.index);
      expect(packaged.index).toBeLessThan(named.index);
      expect(named.index).toBeLessThan(smoke.index);
      expect(packaged.step.run).toMatch(/--publish never/);
      expect(packaged.step.run).not.toMatch(/npmRebuild=true/);
      expect(smoke.step.run).toMatch(/xvfb-run .*npm run test:packaged/);
    });

    it("calls files that exist: the smoke configuration, the smoke test, its vitest configuration", () => {
      const packaged = runOf(/electron-builder --dir/).step.run!;
      const config = /--config (\S+)/.exec(packaged)?.[1];
      expect(config).toBe("test/packaged/smoke-builder.config.cjs");
      expect(existsSync(fromRoot(config!))).toBe(true);
      const script = packageJson().scripts["test:packaged"];
      expect(script).toBe("vitest run --config vitest.packaged.config.ts");
      expect(existsSync(fromRoot("vitest.packaged.config.ts"))).toBe(true);
      expect(readText("vitest.packaged.config.ts")).toContain('include: ["test/packaged/**/*.smoke.ts"]');
      expect(existsSync(fromRoot("test/packaged/packaged-app.smoke.ts"))).toBe(true);
    });

    it("names the executable electron-builder writes for each system, with the Linux executable name of electron-builder.yml", () => {
      const named = runOf(/ALPINE_PACKAGED_APP=/).step.run!;
      expect(named).toContain(`dist/linux-unpacked/${builderConfig().linux.executableName}`);
      expect(named).toContain(`dist/mac-arm64/${builderConfig().productName}.app/Contents/MacOS/${builderConfig().productName}`);
      expect(named).toContain(`dist/win-unpacked/${builderConfig().productName}.exe`);
    });
  });
});
