/** The one reader of the app's versioned JSON files, and the files read through it. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PriceFile } from "../../src/main/service/models/prices";
import { FileUnreadableError, NewerFileVersionError, SettingsFileError } from "../../src/main/service/service-errors";
import { SettingsFile } from "../../src/main/service/settings/settings-file";
import { readVersionedJson } from "../../src/main/service/versioned-json";
import { readFirstScreenFile } from "../../src/main/service/first-screen/kept-first-screen";
import { WindowStateFile } from "../../src/main/service/window-state";
import { makeTempDir, removeDir } from "./helpers";

let folder = "";
afterEach(() => folder && removeDir(folder));

const schema = z.object({ version: z.number().int().min(1), name: z.string() }).passthrough();
const options = { version: 2, schema, what: "test file" };

function fileWith(text: string): string {
  folder = makeTempDir();
  const file = path.join(folder, "test.json");
  fs.writeFileSync(file, text);
  return file;
}

describe("readVersionedJson", () => {
  it("tells a missing, a garbled, a newer and a current file apart", () => {
    folder = makeTempDir();
    expect(readVersionedJson(path.join(folder, "none.json"), options)).toEqual({ status: "missing" });
    expect(readVersionedJson(fileWith("{ not json"), options)).toMatchObject({ status: "garbled", reason: expect.stringMatching(/^not JSON/) });
    expect(readVersionedJson(fileWith(`{"version":2,"name":7}`), options)).toMatchObject({ status: "garbled", reason: expect.stringMatching(/^not a version 2 file/) });
    expect(readVersionedJson(fileWith(`{"name":"no version"}`), options)).toMatchObject({ status: "garbled" });
    expect(readVersionedJson(fileWith(`{"version":1,"name":"older"}`), options)).toEqual({ status: "current", value: { version: 1, name: "older" } });
    expect(readVersionedJson(fileWith(`{"version":2,"name":"now","extra":true}`), options)).toEqual({ status: "current", value: { version: 2, name: "now", extra: true } });
  });

  it("reads a newer file as far as the schema understands it, and leaves it as it is", () => {
    const text = `{"version":3,"name":"later"}`;
    const file = fileWith(text);
    expect(readVersionedJson(file, options)).toEqual({ status: "newer", version: 3, known: { version: 3, name: "later" } });
    fs.writeFileSync(file, `{"version":3,"name":{"reshaped":true}}`);
    expect(readVersionedJson(file, options)).toEqual({ status: "newer", version: 3, known: null });
    expect(fs.readFileSync(file, "utf8")).toBe(`{"version":3,"name":{"reshaped":true}}`);
  });

  it("a file that exists but cannot be read throws FileUnreadableError, or counts as garbled when asked", () => {
    folder = makeTempDir();
    const file = path.join(folder, "test.json");
    fs.mkdirSync(file); // a folder in the file's place: EISDIR
    let thrown: unknown;
    try {
      readVersionedJson(file, options);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FileUnreadableError);
    expect(thrown).toBeInstanceOf(SettingsFileError);
    expect((thrown as Error).message).toMatch(new RegExp(`^The test file .*test\\.json cannot be read \\(`));
    expect(readVersionedJson(file, { ...options, unreadable: "garbled" })).toMatchObject({ status: "garbled", reason: expect.stringContaining("cannot be read") });
  });
});

describe("the files read through it", () => {
  it("a newer prices file keeps its prices for reading and refuses a change, untouched", () => {
    folder = makeTempDir();
    const file = path.join(folder, "prices.json");
    const text = JSON.stringify({ version: 5, prices: { "claude-x": { input: 1, output: 2, cacheWrite: 3, cacheRead: 4 }, bad: { input: "?" } } });
    fs.writeFileSync(file, text);
    const prices = new PriceFile(folder);
    expect(prices.table()["claude-x"]).toEqual({ input: 1, output: 2, cacheWrite: 3, cacheRead: 4 });
    expect(prices.table()).not.toHaveProperty("bad");
    expect(() => prices.update({ "claude-x": null })).toThrow(NewerFileVersionError);
    expect(() => prices.update({ "claude-x": null })).toThrow(/Prices cannot be changed: .*prices\.json was written by a newer version of Alpine \(prices version 5, this one reads 1\)/);
    expect(fs.readFileSync(file, "utf8")).toBe(text);
  });

  it("a settings file that cannot be read stops with FileUnreadableError and is left in place; window state means nothing to reopen", () => {
    folder = makeTempDir();
    fs.mkdirSync(path.join(folder, "settings.json"));
    expect(() => new SettingsFile(folder)).toThrow(FileUnreadableError);
    expect(fs.statSync(path.join(folder, "settings.json")).isDirectory()).toBe(true);
    fs.mkdirSync(path.join(folder, "window-state.json"));
    expect(new WindowStateFile(folder).openConversationId).toBeNull();
  });

  it("the kept first screen is read through it too, checked by hand (no zod at the app's entry); unreadable is only garbled", () => {
    folder = makeTempDir();
    const screen = { conversationId: null, stylesheets: ["index-1.css"], html: "<main></main>" };
    const file = path.join(folder, "first-screen.json");
    fs.writeFileSync(file, JSON.stringify({ version: 1, ...screen }));
    expect(readFirstScreenFile(file)).toEqual({ status: "current", value: { version: 1, ...screen } });
    fs.writeFileSync(file, JSON.stringify({ version: 2, ...screen }));
    expect(readFirstScreenFile(file)).toEqual({ status: "newer", version: 2, known: null });
    fs.writeFileSync(file, JSON.stringify({ version: 1, ...screen, html: "<script></script>" }));
    expect(readFirstScreenFile(file)).toMatchObject({ status: "garbled", reason: expect.stringMatching(/^not a version 1 file \(not a first screen this build can show\)/) });
    fs.rmSync(file);
    fs.mkdirSync(file);
    expect(readFirstScreenFile(file)).toMatchObject({ status: "garbled", reason: expect.stringContaining("kept first screen") });
  });
});
