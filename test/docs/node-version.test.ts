/** `npm start` says plainly, before anything else, when the Node running it is older than Alpine needs. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NEEDED_NODE, nodeVersionProblem } from "../../scripts/node-version.mjs";
import { REPO_ROOT } from "../agent/helpers";

describe("the Node that npm start needs", () => {
  it.each(["22.12.0", "22.23.3", "23.0.0", "24.1.0"])("%s runs Alpine", (version) => {
    expect(nodeVersionProblem(version)).toBeNull();
  });

  it.each(["22.11.0", "20.20.2", "18.19.1"])("%s is refused, naming what is needed", (version) => {
    expect(nodeVersionProblem(version)).toBe(
      `Alpine needs Node ${NEEDED_NODE} or later, and this is Node ${version}. Install Node 22 (nodejs.org, or your version manager: nvm install 22) and run npm start again.`,
    );
  });

  it("npm start's script asks first, before it builds anything", () => {
    // The tests run on a Node recent enough, so start.mjs is read here, not run.
    const script = readFileSync(path.join(REPO_ROOT, "scripts/start.mjs"), "utf8");
    expect(script.indexOf("nodeVersionProblem(process.versions.node)")).toBeGreaterThan(0);
    expect(script.indexOf("nodeVersionProblem(process.versions.node)")).toBeLessThan(script.indexOf("electron-vite"));
  });
});
