/**
 * The test host: the real service (real SqliteStore in the data folder, the real SDK
 * against the scripted model server) served to a browser. It serves the built window
 * (out/renderer) over HTTP on 127.0.0.1 with the app's strict CSP, and carries the IPC
 * contract over a WebSocket on the same port (`/ws`), through the same dispatcher the
 * Electron layer uses. Only the transport differs from the app.
 *
 * Socket protocol (JSON text frames, see src/shared/transport-messages.ts):
 *   window → host  { kind: "request", id, channel, args }
 *   host → window  { kind: "response", id, result: { ok: true, value } | { ok: false, error: { name, message } } }
 *   host → window  { kind: "event", event: AppEvent }      (every app event, to every connection)
 */
import { appendFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { AlpineService } from "../../src/main/service/alpine-service";
import { contentSecurityPolicy } from "../../src/main/service/content-security-policy";
import { isPagePath, readRendererFile, withEventLog } from "../../src/main/service/renderer-files";
import { servedRendererFile } from "../../src/main/service/first-screen/first-screen-page";
import { isAttachmentPath } from "../../src/main/service/attachments/attachment-response";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { ServiceStart } from "../../src/main/service/service-start";
import { StartGate } from "../../src/main/service/start-gate";
import { throttleStreamedWords } from "../../src/main/service/streamed-words-throttle";
import { yieldToIo } from "../../src/main/service/yield-to-io";
import { PageMadeAhead, type ServedPage } from "../../src/main/service/first-screen/page-made-ahead";
import type { SocketRequestMessage, SocketServerMessage } from "../../src/shared/transport-messages";
import { DEFAULT_LAUNCH_LIST, FIRST_SCREEN_TAIL_ENTRIES } from "../../src/shared/page-sizes";
import type { WebSocket, WebSocketServer as WebSocketServerClass } from "ws";
import { slowLookupTool } from "./slow-lookup-tool";

export const TEST_API_KEY = "sk-ant-test-key";
/** A page never sends anything near this; a larger message closes the connection (1009). */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** How long a page has to answer the host's close frame before its connection is cut. */
const CLOSE_GRACE_MS = 1_000;

export interface TestHostOptions {
  dataFolder: string;
  /** The scripted model server's URL (the SDK's base URL). */
  modelUrl: string;
  /** Default 0: any free port. */
  port?: number;
  /** The key the memory secret keeper starts with; null starts without a key. Default TEST_API_KEY. */
  apiKey?: string | null;
  /** The built window. Default: out/renderer of this project. */
  rendererFolder?: string;
  /** What `settings:chooseFolder` answers (the app shows a dialog); default: the dialog is cancelled. */
  chooseFolder?: string | null;
  /** SDK retries (default 0, so rate-limit tests see the error at once). */
  maxRetries?: number;
  /** Offers the model `slow_lookup` too, which appends a line to this file each time a call starts. */
  slowToolMarker?: string;
  /**
   * Appends a JSON line per answered request to this file (its channel, when it arrived, the time
   * from its arrival to its answer sent, the answer's size), and one per step of the host's start
   * (`mark`): times in ms from the host process's start (bench/window/host-timeline.ts reads them).
   */
  requestTimes?: string;
  /** Awaited after the host listens and before the service opens (a test holds the start there). */
  beforeServiceOpens?: () => Promise<void>;
  /** The longest the service's open waits for the window's page (default PAGE_WAIT_MS, as the app). */
  pageWaitMs?: number;
}

export interface TestHost {
  /** http://127.0.0.1:PORT/ */
  url: string;
  /** ws://127.0.0.1:PORT/ws */
  wsUrl: string;
  service: AlpineService;
  /** Shut the service down (runs aborted and saved), then stop serving. */
  close(): Promise<void>;
}

/** The host as soon as it listens: the window's files are served, requests wait for the service. */
export interface ListeningTestHost {
  url: string;
  wsUrl: string;
  /**
   * The host once its service is open. Rejects with the reason it could not start: the host then
   * answers every request with that reason until it is closed.
   */
  opened: Promise<TestHost>;
  /** Shut the service down once it is open (runs aborted and saved), then stop serving. */
  close(): Promise<void>;
}

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

/** Listens, then opens the service; resolves once the service is open (if it cannot start, stops serving and rejects). */
export async function startTestHost(options: TestHostOptions): Promise<TestHost> {
  const host = await listenTestHost(options, { serviceAtOnce: true });
  try {
    return await host.opened;
  } catch (error) {
    await host.close();
    throw error;
  }
}

/**
 * Listens and serves the window's files at once; the service's code is loaded and its database
 * opened once the window's page is served (or the window connects, or a moment at most:
 * start-gate.ts), while the window paints. Requests that come before it is open wait for it.
 */
export async function listenTestHost(options: TestHostOptions, { serviceAtOnce = false } = {}): Promise<ListeningTestHost> {
  const rendererFolder = options.rendererFolder ?? path.join(PROJECT_ROOT, "out", "renderer");
  let csp = "";
  let start: ServiceStart | null = null;
  const gate = new StartGate(options.pageWaitMs);
  // The page is made ahead (at the next turn), for the window's first request of it; the other files as asked.
  const page = new PageMadeAhead(() => windowFile("/", rendererFolder, csp, options.dataFolder), options.dataFolder);
  const files: WindowFiles = {
    page: () => page.take(),
    file: (pathname) => windowFile(pathname, rendererFolder, csp, options.dataFolder),
    pageServed: () => {
      noteStep(options.requestTimes, "page served");
      gate.open();
    },
  };
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (request.method === "GET" && isAttachmentPath(pathname)) {
      start!.opened.then((opened) => opened.attachment(pathname)).then(
        (answer) => response.writeHead(answer.status, answer.headers).end(answer.body),
        () => response.writeHead(500).end(),
      );
      return;
    }
    // What the system does in the app (second-instance, open-url): an alpine:// link handed to the service.
    if (request.method === "POST" && pathname === "/_test/deep-link") {
      let link = "";
      request.setEncoding("utf8").on("data", (chunk: string) => (link += chunk));
      request.on("end", () => {
        start!.opened.then((opened) => opened.service.deepLinks.receive(link)).then(
          (action) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(action)),
          () => response.writeHead(500).end(),
        );
      });
      return;
    }
    serveWindow(request, response, files, rendererFolder);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Loopback only: the host serves the real service without any authentication.
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  noteStep(options.requestTimes, "listening");
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}/ws`;
  csp = contentSecurityPolicy([wsUrl], origin);
  start = new ServiceStart(() => openHostService(options), gate);
  if (serviceAtOnce) gate.open();
  setImmediate(() => page.prepare());

  // Upgrades on any other path are refused with 400; text only, no compression offered. `ws` is
  // loaded once the service's open may begin (or by the first upgrade, if one comes sooner).
  const serviceStart = start;
  let sockets: Promise<WebSocketServerClass> | null = null;
  const socketServer = () =>
    (sockets ??= import("ws").then(({ WebSocketServer }) => {
      const upgrades = new WebSocketServer({ noServer: true, path: "/ws", maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
      upgrades.on("connection", (socket, request) => {
        // `ws` closes the connection itself on a protocol error (1002, 1007, 1009) and reports it here.
        socket.on("error", () => {});
        // Like the app's sender check: only pages served by this host are heard.
        if (request.headers.origin !== origin) return socket.close(1008, "only the host's own page may connect");
        serveConnection(socket, serviceStart, options.requestTimes);
      });
      return upgrades;
    }));
  server.on("upgrade", (request, socket, head) => {
    gate.open();
    // Nothing is lost while `ws` loads: the socket keeps what arrives until `ws` reads it (and a page sends nothing before the answer).
    void socketServer().then((upgrades) => upgrades.handleUpgrade(request, socket, head, (connection) => upgrades.emit("connection", connection, request)));
  });
  void gate.whenOpen.then(() => setImmediate(socketServer));

  const stopServing = async () => {
    if (sockets) await closeSockets(await sockets);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      const opened = await serviceStart.opened.catch(() => null);
      await opened?.service.shutdown();
      await stopServing();
    })();
    return closing;
  };
  const url = `${origin}/`;
  const opened = serviceStart.opened.then(({ service }): TestHost => ({ url, wsUrl, service, close }));
  opened.catch(() => undefined);
  return { url, wsUrl, opened, close };
}

/** The service's code is loaded here, once the host listens: the window's files are served meanwhile. */
async function openHostService(options: TestHostOptions) {
  await options.beforeServiceOpens?.();
  const { openService } = await import("../../src/main/service/open-service");
  noteStep(options.requestTimes, "service code loaded");
  // The window's files and requests that came while the service's code loaded go first (the app's
  // main process turns the event loop here too, reading its secrets' files).
  await yieldToIo();
  const opened = openService({
    dataFolder: options.dataFolder,
    secrets: new MemorySecretKeeper(options.apiKey === undefined ? TEST_API_KEY : options.apiKey),
    model: { baseURL: options.modelUrl, maxRetries: options.maxRetries ?? 0 },
    chooseFolder: async () => options.chooseFolder ?? null,
    appVersion: "test",
    extraTools: options.slowToolMarker ? [slowLookupTool(options.slowToolMarker)] : [],
  });
  noteStep(options.requestTimes, "service open");
  // The first screen's reads are warmed while the window loads; its own request waits for them.
  void opened.service.prepareFirstScreen(DEFAULT_LAUNCH_LIST, FIRST_SCREEN_TAIL_ENTRIES).then(() => noteStep(options.requestTimes, "first screen read ahead"));
  return opened;
}

/** A step of the host's start, for a benchmark: its name and when it came, in ms from the process's start. */
function noteStep(file: string | undefined, mark: string): void {
  if (file) appendTimeLine(file, { mark, atMs: performance.now() });
}

/** One line of the `requestTimes` file (bench/window/host-timeline.ts reads them). */
function appendTimeLine(file: string, line: object): void {
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

function serveConnection(socket: WebSocket, start: ServiceStart, requestTimes?: string): void {
  const send = (message: SocketServerMessage, beforeSending?: (text: string) => void) => {
    if (socket.readyState !== socket.OPEN) return;
    const text = JSON.stringify(message);
    beforeSending?.(text);
    socket.send(text);
  };
  // Every app event from the moment the service is open (the page may connect before).
  start.opened.then(
    ({ service }) => {
      if (socket.readyState !== socket.OPEN) return;
      // Streamed words joined as the app's window gets them (streamed-words-throttle.ts).
      const throttle = throttleStreamedWords((event) => send({ kind: "event", event }));
      const unsubscribe = service.events.on(throttle.listener);
      socket.on("close", () => {
        unsubscribe();
        throttle.flush();
      });
    },
    () => undefined,
  );
  socket.on("message", async (data, isBinary) => {
    if (isBinary) return socket.close(1003, "only text messages are accepted");
    let message: SocketRequestMessage;
    try {
      message = JSON.parse(data.toString("utf8")) as SocketRequestMessage;
    } catch {
      return socket.close(1007, "messages are JSON");
    }
    if (message?.kind !== "request" || typeof message.id !== "number") return socket.close(1008, "unknown message");
    const arrived = performance.now();
    const result = await start.dispatch(message.channel, message.args);
    // The request's time is written before its answer goes: a benchmark reads it once the page has the answer.
    const record = requestTimes
      ? (text: string) => appendTimeLine(requestTimes, { channel: message.channel, arrivedAtMs: arrived, ms: performance.now() - arrived, bytes: text.length })
      : undefined;
    send({ kind: "response", id: message.id, result }, record);
  });
}

/** Say goodbye to every page (1001), give each a moment to answer, then cut what is left. */
async function closeSockets(sockets: WebSocketServerClass): Promise<void> {
  const closed = [...sockets.clients].map((socket) => new Promise<void>((resolve) => socket.once("close", () => resolve())));
  for (const socket of sockets.clients) socket.close(1001, "server going away");
  const cut = setTimeout(() => {
    for (const socket of sockets.clients) socket.terminate();
  }, CLOSE_GRACE_MS);
  await Promise.all(closed);
  clearTimeout(cut);
  await new Promise<void>((resolve) => sockets.close(() => resolve()));
}

interface WindowFiles {
  /** The page (made ahead for the first request: page-made-ahead.ts). */
  page(): ServedPage | null;
  file(pathname: string): ServedPage | null;
  /** The page was answered: the service's open may begin (start-gate.ts). */
  pageServed(): void;
}

/** A file of the built window as the test host serves it; the page with the first screen kept in `dataFolder`, as the app serves it. */
function windowFile(pathname: string, rendererFolder: string, csp: string, dataFolder: string): ServedPage | null {
  const found = readRendererFile(rendererFolder, pathname);
  // Started for testing: the window keeps its log of app events for the checks to read.
  return found && servedRendererFile(withEventLog(found), pathname, csp, rendererFolder, dataFolder);
}

/** The window's files. */
function serveWindow(request: IncomingMessage, response: ServerResponse, files: WindowFiles, rendererFolder: string): void {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  // The window picks the WebSocket transport from `?transport=ws`.
  if (url.pathname === "/" && !url.searchParams.has("transport")) {
    response.writeHead(302, { location: "/?transport=ws" }).end();
    return;
  }
  const isPage = isPagePath(url.pathname);
  const served = isPage ? files.page() : files.file(url.pathname);
  if (!served) {
    const index = readRendererFile(rendererFolder, "/index.html");
    const hint = index ? "" : " The window is not built: run `npx electron-vite build`.";
    response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end(`Not found: ${url.pathname}.${hint}`);
    return;
  }
  const file = served.file;
  response.writeHead(200, {
    "content-type": file.contentType,
    "content-security-policy": served.csp,
    "x-content-type-options": "nosniff",
    // Built assets carry a content hash in their names: kept by the browser like the app's own
    // files, so a later launch reuses them and their compiled code. The page itself is always asked anew.
    "cache-control": url.pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-store",
  });
  if (isPage) response.once("finish", () => files.pageServed());
  response.end(request.method === "HEAD" ? undefined : file.body);
}
