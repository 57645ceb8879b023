/**
 * The window's connection to the test host (websocket-api.ts), over a real WebSocket to a
 * real server: a request made once the connection is closing or closed (the host quit or
 * was relaunched, as expected then) fails as the close fails the others, and is never sent
 * into the closed socket (which a browser logs as "WebSocket is already in CLOSING or
 * CLOSED state", and which never answers). The sockets made are Node's own WebSocket,
 * watched (not replaced) to see what is sent while the socket is no longer open.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { WebSocketServer } from "ws";
import { createWebSocketApi } from "../../src/renderer/src/api/websocket-api";
import { whileAnswerComes } from "../../src/renderer/src/start/while-answer-comes";

const NativeWebSocket = globalThis.WebSocket;
const made: WatchedWebSocket[] = [];
const sentWhileNotOpen: string[] = [];

/** What the watched sockets sent, in order, beside what else a test notes in the same list. */
const timeline: string[] = [];

class WatchedWebSocket extends NativeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    made.push(this);
  }
  override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    if (this.readyState !== NativeWebSocket.OPEN) sentWhileNotOpen.push(String(data));
    timeline.push(`sent ${(JSON.parse(String(data)) as { channel: string }).channel}`);
    super.send(data);
  }
}

let server: WebSocketServer | null = null;
afterEach(async () => {
  globalThis.WebSocket = NativeWebSocket;
  made.splice(0);
  sentWhileNotOpen.splice(0);
  timeline.splice(0);
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A server answering every request with its channel's name. */
async function answeringServer(): Promise<string> {
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  server.on("connection", (socket) => {
    socket.on("message", (text) => {
      const request = JSON.parse(String(text)) as { id: number; channel: string };
      socket.send(JSON.stringify({ kind: "response", id: request.id, result: { ok: true, value: request.channel } }));
    });
  });
  await new Promise<void>((resolve) => server!.on("listening", () => resolve()));
  const address = server.address() as { port: number };
  return `ws://127.0.0.1:${address.port}`;
}

describe("the window's WebSocket connection", () => {
  it("fails a request made while the connection is closing, without sending it", async () => {
    globalThis.WebSocket = WatchedWebSocket as typeof WebSocket;
    const api = createWebSocketApi(await answeringServer());
    expect(await api.request("app:info", {})).toBe("app:info");
    const lost = new Promise<void>((resolve) => api.onConnectionLost(resolve));
    made[0].close(); // closing now; its close event comes later
    expect(made[0].readyState).toBe(NativeWebSocket.CLOSING);
    await expect(api.request("app:info", {})).rejects.toMatchObject({ name: "ConnectionClosedError" });
    await lost;
    await expect(api.request("app:info", {})).rejects.toMatchObject({ name: "ConnectionClosedError" });
    expect(sentWhileNotOpen).toEqual([]);
  });

  it("fails a request made after the server went away, without sending it", async () => {
    globalThis.WebSocket = WatchedWebSocket as typeof WebSocket;
    const api = createWebSocketApi(await answeringServer());
    expect(await api.request("app:info", {})).toBe("app:info");
    const lost = new Promise<void>((resolve) => api.onConnectionLost(resolve));
    for (const client of server!.clients) client.terminate();
    await lost;
    await expect(api.request("app:info", {})).rejects.toMatchObject({ name: "ConnectionClosedError" });
    expect(sentWhileNotOpen).toEqual([]);
  });

  it("runs the window's work while the launch's answer comes only once the launch's request has left the window", async () => {
    globalThis.WebSocket = WatchedWebSocket as typeof WebSocket;
    const api = createWebSocketApi(await answeringServer());
    const answer = api.request("app:launch", {});
    const worked = new Promise<void>((resolve) =>
      whileAnswerComes(api.connected, () => {
        timeline.push("work");
        resolve();
      }),
    );
    await worked;
    expect(await answer).toBe("app:launch");
    // Before: the work was set for the next task at once, ahead of the socket's open event that sends the request.
    expect(timeline).toEqual(["sent app:launch", "work"]);
  });

  it("is connected once the socket opens, and also once it closes without opening (nothing waits on it for ever)", async () => {
    const api = createWebSocketApi(await answeringServer());
    await api.connected;
    expect(await api.request("app:info", {})).toBe("app:info");
    // A port nothing listens on any more: the connection is refused.
    const closedServer = createServer();
    await new Promise<void>((resolve) => closedServer.listen(0, "127.0.0.1", () => resolve()));
    const { port } = closedServer.address() as { port: number };
    await new Promise<void>((resolve) => closedServer.close(() => resolve()));
    const refused = createWebSocketApi(`ws://127.0.0.1:${port}/`);
    await expect(refused.connected).resolves.toBeUndefined();
    await expect(refused.request("app:info", {})).rejects.toMatchObject({ name: "ConnectionClosedError" });
  });
});
