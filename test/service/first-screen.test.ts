/**
 * The first screen kept for the next launch: kept by the service when the window sends it,
 * forgotten when a conversation is deleted, read without the service by the host that serves
 * the page, and put in the page only for the build that drew it, its styles inside the page
 * and allowed by their hash.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, withStyleSources } from "../../src/main/service/content-security-policy";
import { servedRendererFile, withKeptFirstScreen } from "../../src/main/service/first-screen/first-screen-page";
import { PageMadeAhead } from "../../src/main/service/first-screen/page-made-ahead";
import { readRendererFile } from "../../src/main/service/renderer-files";
import { writeFileAtomicSync } from "../../src/main/agent";
import { APP_CODE_PRELOAD_ATTRIBUTE, HELD_PRELOAD_REL } from "../../src/shared/kept-first-screen";
import { FIRST_SCREEN_FILE_NAME, readKeptFirstScreen, type KeptFirstScreen } from "../../src/main/service/first-screen/kept-first-screen";
import { assistantEntry, snapshotOf, userEntry } from "../../bench/lib/conversation";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { makeTempDir, useServiceFixture } from "./helpers";

const SCREEN = { conversationId: null, stylesheets: ["index-AbC123.css"], html: '<div class="app"><aside class="sidebar">Trip to Oslo</aside></div>' };

describe("keeping the first screen", () => {
  const services = useServiceFixture();

  it("keeps what the window sends, for the next launch to read without the service", async () => {
    const fixture = await services.open();
    expect(readKeptFirstScreen(fixture.dataFolder)).toBeNull();
    expect(await fixture.call("window:keepFirstScreen", SCREEN)).toEqual({ kept: true });
    expect(readKeptFirstScreen(fixture.dataFolder)).toEqual({ version: 1, ...SCREEN });
    const next = { ...SCREEN, conversationId: "abc", html: '<div class="app">Later</div>' };
    await fixture.call("window:keepFirstScreen", next);
    expect(readKeptFirstScreen(fixture.dataFolder)).toEqual({ version: 1, ...next });
  });

  it("keeps its language; a change of the language setting forgets it; a tag that is not a language is refused", async () => {
    const fixture = await services.open();
    await fixture.call("window:keepFirstScreen", { ...SCREEN, language: "de" });
    expect(readKeptFirstScreen(fixture.dataFolder)).toEqual({ version: 1, ...SCREEN, language: "de" });
    await fixture.call("settings:set", { language: "ja" });
    expect(readKeptFirstScreen(fixture.dataFolder)).toBeNull();
    await fixture.call("window:keepFirstScreen", { ...SCREEN, language: "ja" });
    expect(readKeptFirstScreen(fixture.dataFolder)?.language).toBe("ja");
    await fixture.call("settings:set", { model: "claude-haiku-4-5" }); // other settings leave it
    expect(readKeptFirstScreen(fixture.dataFolder)?.language).toBe("ja");
    expect(await fixture.request("window:keepFirstScreen", { ...SCREEN, language: '"><script>' })).toMatchObject({ ok: false });
    expect(readKeptFirstScreen(fixture.dataFolder)?.language).toBe("ja");
  });

  it("does not keep markup that could load or run anything, and drops the one it had", async () => {
    const fixture = await services.open();
    await fixture.call("window:keepFirstScreen", SCREEN);
    for (const html of ['<div><script src="/assets/x.js"></script></div>', '<div><iframe src="/x"></iframe></div>', '<div><link rel="stylesheet" href="/x.css"></div>', "<div><STYLE>*{}</STYLE></div>"]) {
      expect(await fixture.call("window:keepFirstScreen", { ...SCREEN, html })).toEqual({ kept: false });
      expect(readKeptFirstScreen(fixture.dataFolder)).toBeNull();
    }
    // The same words as text are fine: serialized text has its "<" escaped.
    expect(await fixture.call("window:keepFirstScreen", { ...SCREEN, html: "<p>&lt;script&gt; is a tag</p>" })).toEqual({ kept: true });
  });

  it("forgets it when a conversation is deleted: its title and words must not come back at the next launch", async () => {
    const folder = makeTempDir();
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const store = new SqliteStore(path.join(folder, DATABASE_FILE_NAME));
    store.write("oslo", [userEntry(0, "Plan a trip to Oslo"), assistantEntry(1, "Oslo in May is mild.")], snapshotOf("oslo", "Plan a trip to Oslo", 2), { create: true });
    store.close();
    const fixture = await services.open({ dataFolder: folder });
    const file = path.join(folder, FIRST_SCREEN_FILE_NAME);
    try {
      await fixture.call("window:keepFirstScreen", SCREEN);
      // A deletion that did not happen forgets nothing.
      await expect(fixture.call("conversations:delete", { id: "not-there" })).rejects.toThrow();
      expect(fs.existsSync(file)).toBe(true);
      await fixture.call("conversations:delete", { id: "oslo" });
      expect(fs.existsSync(file)).toBe(false);
      // Drawn before the deletion's answer reached the window, sent after it: refused.
      const stale = { ...SCREEN, html: '<div class="app"><div class="conversation-row" data-conversation-id="oslo">Plan a trip to Oslo</div></div>' };
      expect(await fixture.call("window:keepFirstScreen", stale)).toEqual({ kept: false });
      expect(await fixture.call("window:keepFirstScreen", { ...SCREEN, conversationId: "oslo" })).toEqual({ kept: false });
      expect(fs.existsSync(file)).toBe(false);
      // Another conversation whose id begins alike is not the deleted one.
      const next = { ...SCREEN, html: '<div class="app"><div class="conversation-row" data-conversation-id="oslo-2">Oslo again</div></div>' };
      expect(await fixture.call("window:keepFirstScreen", next)).toEqual({ kept: true });
      expect(readKeptFirstScreen(folder)).toEqual({ version: 1, ...next });
    } finally {
      await fixture.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("reads a missing, garbled, other-version or unsafe file as none, and leaves a newer Alpine's file alone", async () => {
    const folder = makeTempDir();
    const file = path.join(folder, FIRST_SCREEN_FILE_NAME);
    try {
      for (const content of ["{ not json", "null", JSON.stringify({ ...SCREEN, version: 2 }), JSON.stringify({ ...SCREEN, version: 1, stylesheets: [] }), JSON.stringify({ ...SCREEN, version: 1, stylesheets: ["../x.css"] }), JSON.stringify({ ...SCREEN, version: 1, html: "<script></script>" })]) {
        fs.writeFileSync(file, content);
        expect(readKeptFirstScreen(folder)).toBeNull();
      }
      const newer = JSON.stringify({ ...SCREEN, version: 2 });
      fs.writeFileSync(file, newer);
      const fixture = await services.open({ dataFolder: folder });
      expect(await fixture.call("window:keepFirstScreen", SCREEN)).toEqual({ kept: false });
      expect(fs.readFileSync(file, "utf8")).toBe(newer);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("the page served with the kept first screen", () => {
  const css = ".app { display: grid; }";
  // As built: the entry's own import preloaded by Vite, the app chunk and its import marked as the app's code.
  const page =
    '<!doctype html><html><head><link rel="modulepreload" crossorigin href="./assets/entry-dep-Q1.js"><link rel="stylesheet" crossorigin href="./assets/index-AbC123.css">' +
    `<link rel="modulepreload" crossorigin href="./assets/start-app-Xy12.js" ${APP_CODE_PRELOAD_ATTRIBUTE}><link rel="modulepreload" crossorigin href="./assets/shared-Zz9.js" ${APP_CODE_PRELOAD_ATTRIBUTE}></head><body><div id="root"></div></body></html>`;
  const kept: KeptFirstScreen = { version: 1, ...SCREEN, conversationId: "abc" };

  function rendererFolder(): string {
    const folder = makeTempDir();
    fs.mkdirSync(path.join(folder, "assets"));
    fs.writeFileSync(path.join(folder, "assets", "index-AbC123.css"), css);
    return folder;
  }
  const file = (html: string) => ({ body: Buffer.from(html), contentType: "text/html; charset=utf-8" });

  it("fills the root with it, its style sheet inside the page, allowed by the sheet's hash", () => {
    const folder = rendererFolder();
    try {
      const { file: served, styleSources } = withKeptFirstScreen(file(page), kept, folder);
      const html = served.body.toString();
      // Kept before languages were recorded: English.
      expect(html).toContain(`<html lang="en" dir="ltr"><head>`);
      expect(html).toContain(`<div id="root"><div class="first-screen" aria-busy="true" data-language="en" data-open-conversation-id="abc">${SCREEN.html}</div></div>`);
      expect(html).toContain(`<style data-stylesheet="index-AbC123.css">${css}</style>`);
      expect(html).not.toContain("<link rel=\"stylesheet\"");
      // The app's code is not preloaded beside the kept screen's first paint: the window releases it after.
      expect(html).toContain(`<link rel="${HELD_PRELOAD_REL}" crossorigin href="./assets/start-app-Xy12.js" ${APP_CODE_PRELOAD_ATTRIBUTE}>`);
      expect(html).toContain(`<link rel="${HELD_PRELOAD_REL}" crossorigin href="./assets/shared-Zz9.js" ${APP_CODE_PRELOAD_ATTRIBUTE}>`);
      // The entry's own import is not held: the entry cannot run without it.
      expect(html).toContain('<link rel="modulepreload" crossorigin href="./assets/entry-dep-Q1.js">');
      expect(html.match(/rel="modulepreload"/g)).toHaveLength(1);
      const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
      expect(styleSources).toEqual([hash]);
      expect(withStyleSources(contentSecurityPolicy(), styleSources)).toContain(`style-src 'self' ${hash};`);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("is in the kept screen's language and direction at the first paint: Arabic mirrored", () => {
    const folder = rendererFolder();
    try {
      const arabic = withKeptFirstScreen(file(page.replace("<html>", '<html lang="en">')), { ...kept, language: "ar" }, folder).file.body.toString();
      expect(arabic).toContain('<html lang="ar" dir="rtl"><head>');
      expect(arabic).toContain('<div class="first-screen" aria-busy="true" data-language="ar" data-open-conversation-id="abc">');
      const japanese = withKeptFirstScreen(file(page), { ...kept, language: "ja" }, folder).file.body.toString();
      expect(japanese).toContain('<html lang="ja" dir="ltr"><head>');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("a screen kept under 'System default' is not shown once the system's language is another", () => {
    const folder = rendererFolder();
    const data = makeTempDir();
    try {
      const served = (screen: KeptFirstScreen, systemLanguage?: () => string) => {
        fs.writeFileSync(path.join(data, FIRST_SCREEN_FILE_NAME), JSON.stringify(screen));
        return servedRendererFile(file(page), "/", contentSecurityPolicy(), folder, data, systemLanguage).file.body.toString();
      };
      const german = { ...kept, language: "de", setting: "system" } as const;
      expect(served(german, () => "de")).toContain('data-language="de"');
      expect(served(german, () => "fr")).toBe(page);
      expect(served(german)).toContain('data-language="de"'); // the test host: the window decides
      expect(served({ ...german, setting: "de" }, () => "fr")).toContain('data-language="de"'); // chosen, not the system's
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(data, { recursive: true, force: true });
    }
  });

  it("serves the page as built when the kept screen was drawn by another build, or there is none", () => {
    const folder = rendererFolder();
    try {
      for (const other of [{ ...kept, stylesheets: ["index-Other9.css"] }, null]) {
        const { file: served, styleSources } = withKeptFirstScreen(file(page), other, folder);
        expect(served.body.toString()).toBe(page);
        expect(styleSources).toEqual([]);
      }
      // A sheet that could end the style element early is not put inside the page.
      fs.writeFileSync(path.join(folder, "assets", "index-AbC123.css"), "a::after { content: '</style><script>'; }");
      expect(withKeptFirstScreen(file(page), kept, folder).file.body.toString()).toBe(page);
      expect(withStyleSources(contentSecurityPolicy(), [])).toBe(contentSecurityPolicy());
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("the page made ahead of the window's request", () => {
  const css = ".app { display: grid; }";
  const page = '<!doctype html><html><head><link rel="stylesheet" crossorigin href="./assets/index-AbC123.css"></head><body><div id="root"></div></body></html>';

  function folders() {
    const renderer = makeTempDir();
    fs.mkdirSync(path.join(renderer, "assets"));
    fs.writeFileSync(path.join(renderer, "assets", "index-AbC123.css"), css);
    fs.writeFileSync(path.join(renderer, "index.html"), page);
    const data = makeTempDir();
    return { renderer, data };
  }
  const keep = (data: string, html: string) => writeFileAtomicSync(path.join(data, FIRST_SCREEN_FILE_NAME), JSON.stringify({ version: 1, ...SCREEN, html }));

  /** The page as a host serves it, counting how often it is made. */
  function madeAhead(renderer: string, data: string) {
    const made = { count: 0 };
    const ahead = new PageMadeAhead(() => {
      made.count++;
      return servedRendererFile(readRendererFile(renderer, "/")!, "/", contentSecurityPolicy(), renderer, data);
    }, data);
    return { ahead, made };
  }

  it("serves the first request the page made ahead, with the kept screen; later requests get it made anew", () => {
    const { renderer, data } = folders();
    keep(data, '<div class="app">Trip to Oslo</div>');
    const { ahead, made } = madeAhead(renderer, data);
    ahead.prepare();
    expect(made.count).toBe(1);
    const first = ahead.take()!;
    expect(made.count).toBe(1);
    expect(first.file.body.toString()).toContain('<div class="app">Trip to Oslo</div>');
    expect(first.csp).toMatch(/style-src 'self' 'sha256-/);
    // A reload: the page is made again (the kept screen may have changed meanwhile).
    keep(data, '<div class="app">Trip to Bergen</div>');
    expect(ahead.take()!.file.body.toString()).toContain("Trip to Bergen");
    expect(made.count).toBe(2);
  });

  it("makes the page anew when the kept screen changed or went away after it was made ahead", () => {
    const { renderer, data } = folders();
    keep(data, '<div class="app">Trip to Oslo</div>');
    const { ahead } = madeAhead(renderer, data);
    ahead.prepare();
    // Same length, written again: a newer screen all the same.
    keep(data, '<div class="app">Trip to Rome</div>');
    expect(ahead.take()!.file.body.toString()).toContain("Trip to Rome");

    ahead.prepare();
    fs.rmSync(path.join(data, FIRST_SCREEN_FILE_NAME));
    const asBuilt = ahead.take()!.file.body.toString();
    expect(asBuilt).not.toContain("first-screen");
    expect(asBuilt).toContain('<div id="root"></div>');

    // None when made ahead, one kept before the request: it is served.
    ahead.prepare();
    keep(data, '<div class="app">Trip to Oslo</div>');
    expect(ahead.take()!.file.body.toString()).toContain("Trip to Oslo");
  });
});
