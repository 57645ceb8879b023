/**
 * The alpine:// scheme in the installers: electron-builder's configuration names it (checked
 * by electron-builder's own schema), and the scheme is the one the app registers and reads.
 * electron-builder turns `protocols` into macOS's CFBundleURLTypes (electron/electronMac.js) and
 * the Linux desktop file's MimeType x-scheme-handler/<scheme> (targets/LinuxTargetHelper.js).
 */
import { describe, expect, it } from "vitest";
import { DEEP_LINK_SCHEME } from "../../src/shared/deep-link-types";
import { loadBuilderConfig, validateBuilderConfig } from "./builder-schema";
import { builderConfig } from "./project-files";

describe("the alpine:// scheme in electron-builder's configuration", () => {
  it("is declared once, for the scheme the app reads, and electron-builder accepts it", async () => {
    expect(builderConfig().protocols).toEqual([{ name: "Alpine link", schemes: [DEEP_LINK_SCHEME] }]);
    const loaded = await loadBuilderConfig();
    await expect(validateBuilderConfig(loaded)).resolves.toBeUndefined();
    // Only at the top level: a platform's own `protocols` would replace it there.
    for (const platform of ["mac", "linux", "win"]) expect(builderConfig()[platform].protocols, platform).toBeUndefined();
  });
});
