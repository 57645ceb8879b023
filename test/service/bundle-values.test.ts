/**
 * A bundle's settings as the person gives them, checked against its manifest's `user_config`:
 * each kind of value, bounds, lists, required ones, and a sensitive value kept when the
 * window sends back the mask.
 */
import { expect, it } from "vitest";
import { checkedValues } from "../../src/main/service/mcp/bundles/bundle-values";
import type { BundleManifest } from "../../src/main/service/mcp/bundles/bundle-manifest";
import { SECRET_MASK } from "../../src/shared/mcp-types";
import { helloManifest } from "./bundle-helpers";

const manifest = helloManifest("1.0.0", (m) => {
  m.user_config = {
    token: { type: "string", title: "Token", description: "", sensitive: true, required: true },
    verbose: { type: "boolean", title: "Verbose", description: "" },
    limit: { type: "number", title: "Limit", description: "", min: 1, max: 10 },
    folders: { type: "directory", title: "Folders", description: "", multiple: true },
    file: { type: "file", title: "File", description: "" },
  };
}) as unknown as BundleManifest;

const refusal = (given: Record<string, unknown>, stored: Record<string, unknown> = { token: "t" }) => {
  try {
    checkedValues(manifest, given as never, stored as never);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("not refused");
};

it("takes each kind of value, keeps a masked secret, and refuses what does not fit, naming the setting", () => {
  expect(checkedValues(manifest, { token: "abc", verbose: true, limit: "3", folders: ["/a", "/b"], file: "/f.txt" }, {})).toEqual({ token: "abc", verbose: true, limit: 3, folders: ["/a", "/b"], file: "/f.txt" });
  expect(checkedValues(manifest, { token: SECRET_MASK, folders: "/only" }, { token: "kept", gone: "x" })).toEqual({ token: "kept", folders: ["/only"] });
  expect(checkedValues(manifest, { file: "" }, { token: "t", file: "/old" })).toEqual({ token: "t" });
  expect(refusal({ verbose: "yes" })).toBe('The setting "verbose" of this MCP Bundle is a yes-or-no setting.');
  expect(refusal({ limit: "many" })).toBe('The setting "limit" of this MCP Bundle must be a number.');
  expect(refusal({ limit: 0 })).toBe('The setting "limit" of this MCP Bundle must be at least 1.');
  expect(refusal({ limit: 11 })).toBe('The setting "limit" of this MCP Bundle must be at most 10.');
  expect(refusal({ file: ["/a", "/b"] })).toBe('The setting "file" of this MCP Bundle takes one value, not a list.');
  expect(refusal({ file: 5 })).toBe('The setting "file" of this MCP Bundle must be text.');
  expect(refusal({ color: "red" })).toBe('The setting "color" of this MCP Bundle is not one this bundle declares.');
  expect(refusal({ token: "" })).toBe('The setting "token" of this MCP Bundle is required: give it a value (Token).');
});
