// electron-builder's configuration for the packaged-app smoke test: electron-builder.yml as it is,
// but updates come from the test's local feed (test/electron-layer/update-feed-server.ts on this
// port) instead of the GitHub release, and nothing is published.
const { readFileSync } = require("node:fs");
const path = require("node:path");
const { parse } = require("yaml");

const SMOKE_FEED_PORT = 45731;
const base = parse(readFileSync(path.join(__dirname, "..", "..", "electron-builder.yml"), "utf8"));

module.exports = { ...base, publish: { provider: "generic", url: `http://127.0.0.1:${SMOKE_FEED_PORT}/` } };
