/**
 * A stand-in for a GitHub Releases update feed on 127.0.0.1: the latest*.yml electron-updater
 * reads (any channel file name), and a stand-in artifact. `mode` picks what it serves: the
 * artifact with its true sha512, one whose published sha512 is wrong, or one whose
 * connection breaks halfway through the download.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FeedMode = "good" | "wrong-hash" | "fails-mid-download" | "up-to-date";

export interface UpdateFeedServer {
  url: string;
  mode: FeedMode;
  version: string;
  artifact: Buffer;
  requests: string[];
  close(): Promise<void>;
}

const sha512 = (data: Buffer) => createHash("sha512").update(data).digest("base64");

/** `port` 0 (the default) takes any free port; a packaged app built for the smoke test asks a fixed one. */
export async function startUpdateFeed(options: { version: string; currentVersion: string; artifactBytes?: number; port?: number }): Promise<UpdateFeedServer> {
  const artifact = Buffer.alloc(options.artifactBytes ?? 256 * 1024);
  for (let i = 0; i < artifact.length; i++) artifact[i] = (i * 31 + 7) & 0xff;
  const fileName = `alpine_${options.version}_amd64.deb`;
  const feed: UpdateFeedServer = { url: "", mode: "good", version: options.version, artifact, requests: [], close: async () => {} };

  const channelFile = () => {
    const version = feed.mode === "up-to-date" ? options.currentVersion : feed.version;
    const published = feed.mode === "wrong-hash" ? sha512(Buffer.from("another file entirely")) : sha512(artifact);
    return [
      `version: ${version}`,
      "files:",
      `  - url: ${fileName}`,
      `    sha512: ${published}`,
      `    size: ${artifact.length}`,
      `path: ${fileName}`,
      `sha512: ${published}`,
      `releaseDate: '2026-12-01T12:00:00.000Z'`,
      "",
    ].join("\n");
  };

  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    feed.requests.push(pathname);
    if (/^\/latest[^/]*\.yml$/.test(pathname)) {
      response.writeHead(200, { "content-type": "text/yaml" });
      response.end(channelFile());
      return;
    }
    if (pathname === `/${fileName}`) {
      response.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(artifact.length) });
      if (feed.mode !== "fails-mid-download") {
        response.end(artifact);
        return;
      }
      // Half the file, then the connection breaks.
      response.write(artifact.subarray(0, artifact.length / 2), () => setTimeout(() => response.socket?.destroy(), 20));
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  feed.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return feed;
}
