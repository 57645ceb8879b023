/**
 * The minimal RFC 6455 server of the test host: handshake, masked text frames of every
 * length encoding, fragmentation, ping/pong, close, and refusal of what it does not speak.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { attachWebSocketServer, type WebSocketConnection } from "../support/websocket-server";
import { frame } from "../support/websocket-test-client";

let server: Server;
let sockets: { closeAll(): void };
afterEach(async () => {
  sockets.closeAll();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** An echo server; returns its port. */
async function startEcho(): Promise<number> {
  server = createServer((_request, response) => response.writeHead(404).end());
  sockets = attachWebSocketServer(server, "/ws", (connection: WebSocketConnection) => {
    connection.onMessage((text) => connection.send(`echo:${text}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return (server.address() as AddressInfo).port;
}

interface RawClient {
  handshake: string;
  /** Resolves with the next complete server frame. */
  nextFrame(): Promise<{ opcode: number; payload: Buffer }>;
  write(bytes: Buffer): void;
  ended: Promise<void>;
}

async function connect(port: number, path = "/ws"): Promise<RawClient> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  const key = randomBytes(16).toString("base64");
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  let buffer = Buffer.alloc(0);
  let notify: () => void = () => {};
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    notify();
  });
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const waitFor = async <T>(take: () => T | null): Promise<T> => {
    for (;;) {
      const value = take();
      if (value !== null) return value;
      await new Promise<void>((resolve) => (notify = resolve));
    }
  };
  const handshake = await waitFor(() => {
    const end = buffer.indexOf("\r\n\r\n");
    if (end < 0) return null;
    const head = buffer.subarray(0, end).toString();
    buffer = buffer.subarray(end + 4);
    return head;
  });
  const expectedAccept = createHash("sha1").update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest("base64");
  if (handshake.startsWith("HTTP/1.1 101")) expect(handshake).toContain(`Sec-WebSocket-Accept: ${expectedAccept}`);
  return {
    handshake,
    ended,
    write: (bytes) => socket.write(bytes),
    nextFrame: () =>
      waitFor(() => {
        if (buffer.length < 2) return null;
        let length = buffer[1] & 0x7f;
        let offset = 2;
        if (length === 126) [length, offset] = [buffer.readUInt16BE(2), 4];
        else if (length === 127) [length, offset] = [Number(buffer.readBigUInt64BE(2)), 10];
        if (buffer.length < offset + length) return null;
        const result = { opcode: buffer[0] & 0x0f, payload: Buffer.from(buffer.subarray(offset, offset + length)) };
        buffer = buffer.subarray(offset + length);
        return result;
      }),
  };
}

describe("websocket server", () => {
  it("accepts the handshake and echoes text frames of every length encoding", async () => {
    const client = await connect(await startEcho());
    expect(client.handshake).toMatch(/^HTTP\/1\.1 101 Switching Protocols/);
    for (const size of [5, 200, 70_000]) {
      const text = "é".repeat(size);
      client.write(frame(0x1, Buffer.from(text)));
      const reply = await client.nextFrame();
      expect(reply.opcode).toBe(0x1);
      expect(reply.payload.toString("utf8")).toBe(`echo:${text}`);
    }
  });

  it("joins a fragmented message", async () => {
    const client = await connect(await startEcho());
    const first = frame(0x1, Buffer.from("hel"));
    first[0] &= 0x7f; // not final
    const last = frame(0x0, Buffer.from("lo"));
    client.write(Buffer.concat([first, last]));
    expect((await client.nextFrame()).payload.toString()).toBe("echo:hello");
  });

  it("answers ping with pong and close with close", async () => {
    const client = await connect(await startEcho());
    client.write(frame(0x9, Buffer.from("are you there")));
    expect(await client.nextFrame()).toEqual({ opcode: 0xa, payload: Buffer.from("are you there") });
    client.write(frame(0x8, Buffer.from([0x03, 0xe8])));
    const close = await client.nextFrame();
    expect(close.opcode).toBe(0x8);
    expect(close.payload.readUInt16BE(0)).toBe(1000);
    await client.ended;
  });

  it("closes the connection on an unmasked client frame or a binary frame", async () => {
    const port = await startEcho();
    const unmasked = await connect(port);
    unmasked.write(frame(0x1, Buffer.from("hi"), false));
    expect((await unmasked.nextFrame()).payload.readUInt16BE(0)).toBe(1002);
    const binary = await connect(port);
    binary.write(frame(0x2, Buffer.from([1, 2, 3])));
    expect((await binary.nextFrame()).payload.readUInt16BE(0)).toBe(1003);
  });

  it("refuses an upgrade on another path", async () => {
    const client = await connect(await startEcho(), "/elsewhere");
    expect(client.handshake).toMatch(/^HTTP\/1\.1 400/);
  });
});
