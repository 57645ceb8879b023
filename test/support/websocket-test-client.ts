/**
 * A small WebSocket client for tests under Node 20 (which has no WebSocket client
 * without a flag): the handshake, masked text frames out, text frames in. It speaks
 * the test host's socket protocol: `request(channel, args)` and the events received.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";
import type { AppEvent } from "../../src/shared/ipc-contract";
import type { IpcResult, SocketServerMessage } from "../../src/shared/transport-messages";

export interface TestSocket {
  request(channel: string, args: unknown): Promise<IpcResult>;
  /** Every event received so far (a live array). */
  events: AppEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  waitForEvent(match: (event: AppEvent) => boolean): Promise<AppEvent>;
  /** Send raw text as one frame (for protocol tests). */
  sendText(text: string): void;
  /** Resolves with the close code when the server closes the connection. */
  closed: Promise<number | null>;
  close(): void;
}

export function frame(opcode: number, payload: Buffer, masked = true): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | length])
      : length < 65_536
        ? Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | 127]), bigLength(length)]);
  if (!masked) return Buffer.concat([header, payload]);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i++) body[i] ^= mask[i & 3];
  return Buffer.concat([header, mask, body]);
}

function bigLength(length: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(length));
  return buffer;
}

export async function connectTestSocket(wsUrl: string, origin: string): Promise<TestSocket> {
  const url = new URL(wsUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const key = randomBytes(16).toString("base64");
  socket.write(
    `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\n\r\n`,
  );

  let buffer = Buffer.alloc(0);
  let upgraded = false;
  const pending = new Map<number, (result: IpcResult) => void>();
  const events: AppEvent[] = [];
  const waiters: { match: (event: AppEvent) => boolean; resolve: (event: AppEvent) => void }[] = [];
  let resolveClosed!: (code: number | null) => void;
  const closed = new Promise<number | null>((resolve) => (resolveClosed = resolve));
  let upgradeDone!: (ok: boolean) => void;
  const upgradeResult = new Promise<boolean>((resolve) => (upgradeDone = resolve));

  const onText = (text: string) => {
    const message = JSON.parse(text) as SocketServerMessage;
    if (message.kind === "response") {
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
      return;
    }
    events.push(message.event);
    for (const waiter of [...waiters]) {
      if (waiter.match(message.event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message.event);
      }
    }
  };

  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (!upgraded) {
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString();
      buffer = buffer.subarray(end + 4);
      upgraded = head.startsWith("HTTP/1.1 101");
      upgradeDone(upgraded);
      if (!upgraded) return;
    }
    while (buffer.length >= 2) {
      const opcode = buffer[0] & 0x0f;
      let length = buffer[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffer.length < offset + length) return;
      const payload = buffer.subarray(offset, offset + length);
      buffer = buffer.subarray(offset + length);
      if (opcode === 0x1) onText(payload.toString("utf8"));
      else if (opcode === 0x8) resolveClosed(payload.length >= 2 ? payload.readUInt16BE(0) : null);
    }
  });
  socket.on("close", () => {
    resolveClosed(null);
    upgradeDone(false);
    for (const settle of pending.values()) settle({ ok: false, error: { name: "ConnectionClosedError", message: "closed" } });
    pending.clear();
  });

  if (!(await upgradeResult)) throw new Error(`The WebSocket upgrade to ${wsUrl} was refused.`);
  let nextId = 1;
  return {
    events,
    closed,
    request(channel, args) {
      const id = nextId++;
      return new Promise<IpcResult>((resolve) => {
        pending.set(id, resolve);
        socket.write(frame(0x1, Buffer.from(JSON.stringify({ kind: "request", id, channel, args }))));
      });
    },
    waitForEvent(match) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    sendText(text) {
      socket.write(frame(0x1, Buffer.from(text)));
    },
    close() {
      socket.write(frame(0x8, Buffer.from([0x03, 0xe8])));
      socket.end();
    },
  };
}
