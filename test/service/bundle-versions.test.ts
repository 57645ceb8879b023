/**
 * Version ranges as bundle manifests write them (compatibility.runtimes, _meta.alpine.app_version),
 * and how a range reads in a refusal.
 */
import { expect, it } from "vitest";
import { describeRange } from "../../src/main/service/mcp/bundles/bundle-compatibility";
import { parseVersion, satisfies } from "../../src/main/service/mcp/bundles/version-range";

it("meets ranges of every form manifests use", () => {
  const cases: [string, string, boolean][] = [
    ["3.11.7", ">=3.10", true],
    ["3.9.1", ">=3.10", false],
    ["22.20.0", ">=16 <23", true],
    ["23.0.0", ">=16 <23", false],
    ["1.4.2", "^1.2.0", true],
    ["2.0.0", "^1.2.0", false],
    ["0.4.5", "^0.4.1", true],
    ["0.5.0", "^0.4.1", false],
    ["1.2.9", "~1.2.3", true],
    ["1.3.0", "~1.2.3", false],
    ["1.2.7", "1.2", true],
    ["1.3.0", "1.x || >=2.1", true],
    ["2.0.5", "1.x || >=2.1", false],
    ["5.0.0", "*", true],
    ["1.0.0", ">1.0.0", false],
    ["1.0.0", "<=1.0.0", true],
    ["v20.1.0", "=20.1.0", true],
    ["test", ">=1", false],
    ["1.0.0", "latest", false],
  ];
  expect(cases.map(([v, r]) => satisfies(v, r))).toEqual(cases.map(([, , want]) => want));
  expect(parseVersion("3.12")).toEqual([3, 12, 0]);
  expect(describeRange(">=3.10")).toBe("3.10 or later");
  expect(describeRange("^1.2.0")).toBe("^1.2.0");
});
