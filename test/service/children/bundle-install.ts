/**
 * A child that installs (or updates to) one MCP Bundle on a data folder, the way the service
 * does: the bundle's review, its atomic unpack, then the one save of the MCP settings.
 * Arguments: <data folder> <.mcpb file>. Prints "FILE <n>" after each file written and
 * "INSTALLED" at the end; the test SIGKILLs it somewhere along the way.
 */
import fs from "node:fs";
import { McpBundles } from "../../../src/main/service/mcp/bundles/mcp-bundles";
import { McpSettingsFile } from "../../../src/main/service/mcp/mcp-settings-file";
import { MemorySecretKeeper } from "../../../src/main/service/settings/secret-keeper";

const [dataFolder, file] = process.argv.slice(2) as [string, string];
const settings = new McpSettingsFile(dataFolder, new MemorySecretKeeper());
const bundles = new McpBundles({
  dataFolder,
  platform: process.platform,
  appVersion: "1.0.0",
  nodeVersion: process.versions.node,
  environment: async () => process.env as Record<string, string>,
  settings: () => settings.get(),
  commit: (edit) => {
    const next = settings.draft();
    edit(next);
    settings.save(next);
  },
});
const review = await bundles.review(fs.readFileSync(file));
let files = 0;
await bundles.install(review.reviewId, {}, () => process.stdout.write(`FILE ${++files}\n`));
process.stdout.write("INSTALLED\n");
