/**
 * A minimal WebSocket server (RFC 6455) on top of Node's http server: the upgrade
 * handshake, text frames (fragmented or not), client masking, ping/pong and close.
 * Enough to carry the IPC contract to a page in Chromium; binary frames and
 * extensions (permessage-deflate) are not offered, so a client never sends them.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";

const HANDSHAKE_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
/** A page never sends anything near this; a larger frame is a protocol error. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;

export interface WebSocketConnection {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onMessage(listener: (text: string) => void): void;
  onClose(listener: () => void): void;
  readonly open: boolean;
}

/** Accept WebSocket upgrades on `path` of `server`; every new connection goes to `onConnection`. */
export function attachWebSocketServer(
  server: Server,
  path: string,
  onConnection: (connection: WebSocketConnection, request: IncomingMessage) => void,
): { closeAll(): void } {
  const connections = new Set<Connection>();
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const key = request.headers["sec-websocket-key"];
    if (url.pathname !== path || typeof key !== "string" || request.headers.upgrade?.toLowerCase() !== "websocket") {
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
      return;
    }
    const accept = createHash("sha1").update(key + HANDSHAKE_GUID).digest("base64");
    socket.write(
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    const connection = new Connection(socket);
    connections.add(connection);
    connection.onClose(() => connections.delete(connection));
    onConnection(connection, request);
    if (head.length > 0) connection.receive(head);
  });
  return {
    closeAll() {
      for (const connection of connections) connection.close(1001, "server going away");
    },
  };
}

class Connection implements WebSocketConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private fragments: Buffer[] = [];
  private messageListeners: ((text: string) => void)[] = [];
  private closeListeners: (() => void)[] = [];
  private closed = false;

  constructor(private readonly socket: Duplex) {
    socket.on("data", (chunk: Buffer) => this.receive(chunk));
    socket.on("close", () => this.finish());
    socket.on("error", () => this.finish());
  }

  get open(): boolean {
    return !this.closed;
  }

  onMessage(listener: (text: string) => void): void {
    this.messageListeners.push(listener);
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  send(text: string): void {
    if (this.closed) return;
    this.socket.write(encodeFrame(OPCODE.text, Buffer.from(text, "utf8")));
  }

  close(code = 1000, reason = ""): void {
    if (this.closed) return;
    const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
    payload.writeUInt16BE(code, 0);
    payload.write(reason, 2);
    this.socket.write(encodeFrame(OPCODE.close, payload));
    // The server ends the TCP connection once the close frame is out (RFC 6455 §7.1.1).
    this.socket.end(() => this.socket.destroy());
    this.finish();
  }

  receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const frame = decodeFrame(this.buffer);
      if (frame === "incomplete") return;
      if (frame === "too-large") return this.close(1009, "message too large");
      if (!frame.masked) return this.close(1002, "client frames must be masked");
      this.buffer = this.buffer.subarray(frame.length);
      this.handle(frame.opcode, frame.fin, frame.payload);
      if (this.closed) return;
    }
  }

  private handle(opcode: number, fin: boolean, payload: Buffer): void {
    switch (opcode) {
      case OPCODE.text:
      case OPCODE.continuation: {
        this.fragments.push(payload);
        const size = this.fragments.reduce((sum, part) => sum + part.length, 0);
        if (size > MAX_MESSAGE_BYTES) return this.close(1009, "message too large");
        if (!fin) return;
        const text = Buffer.concat(this.fragments).toString("utf8");
        this.fragments = [];
        for (const listener of this.messageListeners) listener(text);
        return;
      }
      case OPCODE.ping:
        this.socket.write(encodeFrame(OPCODE.pong, payload));
        return;
      case OPCODE.pong:
        return;
      case OPCODE.close:
        return this.close(1000);
      default:
        return this.close(1003, "only text frames are accepted");
    }
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners) listener();
  }
}

interface DecodedFrame {
  fin: boolean;
  opcode: number;
  masked: boolean;
  payload: Buffer;
  /** Bytes of the buffer this frame used. */
  length: number;
}

function decodeFrame(buffer: Buffer): DecodedFrame | "incomplete" | "too-large" {
  if (buffer.length < 2) return "incomplete";
  const fin = (buffer[0] & 0x80) !== 0;
  const opcode = buffer[0] & 0x0f;
  const masked = (buffer[1] & 0x80) !== 0;
  let payloadLength = buffer[1] & 0x7f;
  let offset = 2;
  if (payloadLength === 126) {
    if (buffer.length < 4) return "incomplete";
    payloadLength = buffer.readUInt16BE(2);
    offset = 4;
  } else if (payloadLength === 127) {
    if (buffer.length < 10) return "incomplete";
    const big = buffer.readBigUInt64BE(2);
    if (big > BigInt(MAX_MESSAGE_BYTES)) return "too-large";
    payloadLength = Number(big);
    offset = 10;
  }
  if (payloadLength > MAX_MESSAGE_BYTES) return "too-large";
  const maskLength = masked ? 4 : 0;
  if (buffer.length < offset + maskLength + payloadLength) return "incomplete";
  const payload = Buffer.from(buffer.subarray(offset + maskLength, offset + maskLength + payloadLength));
  if (masked) {
    const mask = buffer.subarray(offset, offset + 4);
    for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3];
  }
  return { fin, opcode, masked, payload, length: offset + maskLength + payloadLength };
}

/** A server frame: final, unmasked (servers never mask). */
function encodeFrame(opcode: number, payload: Buffer): Buffer {
  let header: Buffer;
  if (payload.length < 126) {
    header = Buffer.from([0x80 | opcode, payload.length]);
  } else if (payload.length < 65_536) {
    header = Buffer.alloc(4);
    header[0] = 0x80 | opcode;
    header[1] = 126;
    header.writeUInt16BE(payload.length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x80 | opcode;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  return Buffer.concat([header, payload]);
}
