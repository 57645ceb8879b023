/**
 * The release workflow (.github/workflows/release.yml): a version tag builds the installers on
 * macOS, Windows and Linux and publishes them to a draft release of the workflow's own
 * repository, with electron-updater's latest*.yml and the block maps; signing and notarization
 * run only with their secrets and say so when skipped. And electron-builder.yml names no
 * placeholder repository for the feed.
 */
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { builderConfig, packageJson, readText } from "./project-files";

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

describe(".github/workflows/release.yml", () => {
  const document = parseDocument(readText(".github/workflows/release.yml"), { prettyErrors: true, uniqueKeys: true });
  const workflow = document.toJS();
  const build = workflow.jobs?.build;
  const steps: Step[] = build?.steps ?? [];
  const stepRunning = (job: { steps: Step[] }, pattern: RegExp): Step => {
    const found = job.steps.filter((s) => s.run && pattern.test(s.run));
    expect(found, `one step runs ${pattern}`).toHaveLength(1);
    return found[0];
  };

  it("is valid YAML, runs on version tags, and may write releases", () => {
    expect(document.errors.map((e) => e.message)).toEqual([]);
    expect(workflow.on.push.tags).toEqual(["v*"]);
    expect(workflow.permissions).toEqual({ contents: "write" });
  });

  it("builds on macOS, Windows and Linux after one draft is made, each build finishing even if another fails", () => {
    expect(build.strategy.matrix.os).toEqual(["ubuntu-latest", "macos-latest", "windows-latest"]);
    expect(build.strategy["fail-fast"]).toBe(false);
    expect(build.needs).toBe("draft");
    const draft = stepRunning(workflow.jobs.draft, /gh release create/);
    expect(draft.run).toMatch(/--draft/);
    expect(draft.run).toMatch(/--repo "\$GITHUB_REPOSITORY"/);
    // The tag must be the version electron-builder names the release after.
    expect(stepRunning(workflow.jobs.draft, /package\.json/).run).toMatch(/GITHUB_REF_NAME.*v\$\{version\}/);
  });

  it("publishes to the draft of the workflow's own repository, never a configured one", () => {
    const publish = stepRunning(build, /electron-builder --publish always/);
    expect(publish.run).toContain("-c.publish.owner=${{ github.repository_owner }}");
    expect(publish.run).toContain("-c.publish.repo=${{ github.event.repository.name }}");
    // better-sqlite3 ships prebuilt Node-API modules for every architecture: nothing to rebuild.
    expect(publish.run).not.toMatch(/npmRebuild=true/);
    expect(publish.env?.GH_TOKEN).toBe("${{ secrets.GITHUB_TOKEN }}");
    expect(builderConfig().publish.releaseType).toBe("draft");
  });

  it("signs and notarizes only with their secrets, and says so when it skips", () => {
    const decide = stepRunning(build, /notarization skipped/);
    expect(decide.run).toMatch(/::notice::macOS: signing skipped/);
    expect(decide.run).toMatch(/::notice::Windows: signing skipped/);
    expect(decide.run).toMatch(/CSC_IDENTITY_AUTO_DISCOVERY=false/);
    const publish = stepRunning(build, /electron-builder --publish always/);
    for (const secret of ["WIN_CSC_LINK", "APPLE_ID", "APPLE_APP_SPECIFIC_PASSWORD", "APPLE_TEAM_ID"]) expect(publish.env?.[secret]).toBe(`\${{ secrets.${secret} }}`);
    // The macOS certificate is given on macOS only.
    expect(publish.env?.CSC_LINK).toBe("${{ runner.os == 'macOS' && secrets.MAC_CSC_LINK || '' }}");
    expect(publish.run).toMatch(/-c\.mac\.notarize=false/);
  });

  it("checks the draft holds latest.yml, latest-mac.yml, latest-linux.yml, the installers and their block maps", () => {
    expect(workflow.jobs.verify.needs).toBe("build");
    const check = stepRunning(workflow.jobs.verify, /gh release view/);
    expect(check.run).toMatch(/for feed in latest\.yml latest-mac\.yml latest-linux\.yml/);
    expect(check.run).toMatch(/blockmap/);
    const kept = steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"));
    for (const pattern of ["dist/*.blockmap", "dist/latest*.yml", "dist/*.dmg", "dist/*.exe", "dist/*.AppImage", "dist/*.deb"]) expect(String(kept?.with?.path)).toContain(pattern);
  });

  it("uses Node 22, pinned actions, and only npm scripts package.json defines", () => {
    expect(steps.find((s) => s.uses?.startsWith("actions/setup-node@"))?.with?.["node-version"]).toBe(22);
    const all = Object.values(workflow.jobs).flatMap((job: any) => job.steps as Step[]);
    for (const step of all.filter((s) => s.uses)) expect(step.uses).toMatch(/^actions\/[a-z-]+@v\d+$/);
    for (const step of all) for (const match of (step.run ?? "").matchAll(/npm run ([\w:-]+)/g)) expect(packageJson().scripts).toHaveProperty([match[1]]);
  });
});

describe("electron-builder.yml's update feed", () => {
  it("names no owner or repository: no placeholder can become every installed copy's feed", () => {
    const publish = builderConfig().publish;
    expect(publish.provider).toBe("github");
    expect(publish).not.toHaveProperty("owner");
    expect(publish).not.toHaveProperty("repo");
  });
});
