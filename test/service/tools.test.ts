/**
 * The built-in tools over the chosen folder: what they return, and that no path (given
 * directly, through "..", or through a symlink) reaches outside the folder.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isPersonAsk } from "../../src/main/agent/tools/ask-person";
import { State } from "../../src/main/agent/state/state";
import type { Tool } from "../../src/main/agent/tools/tool";
import { TOOL_LIMITS } from "../../src/main/service/tools/limits";
import { builtInTools } from "../../src/main/service/tools";
import { makeTempDir, removeDir } from "./helpers";

let root: string;
let folder: string;
let outside: string;
let chosen: string | null;
let tools: Map<string, Tool>;

beforeEach(() => {
  root = makeTempDir();
  folder = path.join(root, "chosen");
  outside = path.join(root, "outside");
  fs.mkdirSync(path.join(folder, "sub"), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(folder, "readme.md"), "# Title\nalpha line\nBeta line\n");
  fs.writeFileSync(path.join(folder, "sub", "deep.txt"), "gamma alpha\n");
  fs.writeFileSync(path.join(outside, "secret.txt"), "alpha secret\n");
  fs.symlinkSync(path.join(outside, "secret.txt"), path.join(folder, "link-to-secret.txt"));
  fs.symlinkSync(outside, path.join(folder, "link-to-outside"));
  chosen = folder;
  tools = new Map(builtInTools(() => chosen).map((tool) => [tool.name, tool]));
});
afterEach(() => removeDir(root));

/** `answer`: the person's answer, when the call is run again after asking. */
async function call(name: string, input: unknown, signal = new AbortController().signal, answer?: string): Promise<unknown> {
  return tools.get(name)!.run(input, { signal, state: new State("test"), callId: "toolu_1", ...(answer === undefined ? {} : { answer }) });
}

describe("read-only tools", () => {
  it("list_files lists a folder, subfolders on request, and marks links without following them", async () => {
    const flat = String(await call("list_files", {}));
    expect(flat.split("\n")).toEqual(["link-to-outside (link)", "link-to-secret.txt (link)", "readme.md (29 bytes)", "sub/"]);
    const deep = String(await call("list_files", { recursive: true }));
    expect(deep).toContain("sub/deep.txt (12 bytes)");
    expect(deep).not.toContain("link-to-outside/");
  });

  it("read_file reads text, in pieces past its size limit", async () => {
    expect(await call("read_file", { path: "sub/deep.txt" })).toBe("gamma alpha\n");
    const big = "x".repeat(TOOL_LIMITS.readBytes + 10);
    fs.writeFileSync(path.join(folder, "big.txt"), big);
    const first = String(await call("read_file", { path: "big.txt" }));
    expect(first).toContain(`(10 more bytes; read again with offset ${TOOL_LIMITS.readBytes})`);
    expect(await call("read_file", { path: "big.txt", offset: TOOL_LIMITS.readBytes })).toBe("x".repeat(10));
  });

  it("read_file refuses binary files and folders", async () => {
    fs.writeFileSync(path.join(folder, "image.bin"), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    await expect(call("read_file", { path: "image.bin" })).rejects.toThrow(/binary file/);
    await expect(call("read_file", { path: "sub" })).rejects.toThrow(/not a file/);
  });

  it("search_text finds lines in the folder's files, case-insensitive by default, never through links", async () => {
    const found = String(await call("search_text", { query: "ALPHA" }));
    expect(found.split("\n").sort()).toEqual(["readme.md:2: alpha line", "sub/deep.txt:1: gamma alpha"]);
    expect(await call("search_text", { query: "ALPHA", caseSensitive: true })).toBe('No line contains "ALPHA".');
  });

  it("current_time tells the time and the time zone", async () => {
    const result = JSON.parse(String(await call("current_time", {})));
    expect(new Date(result.iso).toISOString()).toBe(result.iso);
    expect(typeof result.timeZone).toBe("string");
  });
});

describe("the folder's bounds", () => {
  it.each([
    ["a path with ..", "../outside/secret.txt"],
    ["an absolute path outside", "OUTSIDE_ABSOLUTE"],
    ["a symlinked file that points outside", "link-to-secret.txt"],
    ["a path through a symlinked folder", "link-to-outside/secret.txt"],
  ])("refuses %s for reading, listing and searching", async (_what, given) => {
    const requested = given === "OUTSIDE_ABSOLUTE" ? path.join(outside, "secret.txt") : given;
    await expect(call("read_file", { path: requested })).rejects.toThrow(/outside the chosen folder/);
    await expect(call("search_text", { query: "secret", path: requested })).rejects.toThrow(/outside the chosen folder/);
    const folderRequested = path.dirname(requested) === "." ? requested : path.dirname(requested);
    if (folderRequested !== ".") await expect(call("list_files", { path: folderRequested })).rejects.toThrow(/outside the chosen folder|is a file/);
  });

  it("refuses writes outside, through a symlinked folder or onto a symlink, before asking anyone", async () => {
    const signal = new AbortController().signal;
    await expect(call("write_file", { path: "../outside/new.txt", content: "x" }, signal)).rejects.toThrow(/outside the chosen folder/);
    await expect(call("write_file", { path: "link-to-outside/new.txt", content: "x" }, signal)).rejects.toThrow(/outside the chosen folder/);
    await expect(call("write_file", { path: "link-to-secret.txt", content: "x" }, signal)).rejects.toThrow(/symbolic link/);
    await expect(call("write_file", { path: "missing-folder/new.txt", content: "x" }, signal)).rejects.toThrow(/does not exist/);
    await expect(call("write_file", { path: "big.txt", content: "x".repeat(TOOL_LIMITS.writeBytes + 1) }, signal)).rejects.toThrow(/at most/);
    // Allowed, the same calls are refused again (the folder may have changed since asking).
    await expect(call("write_file", { path: "../outside/new.txt", content: "x" }, signal, "Allow")).rejects.toThrow(/outside the chosen folder/);
    await expect(call("write_file", { path: "link-to-secret.txt", content: "x" }, signal, "Allow")).rejects.toThrow(/symbolic link/);
    expect(fs.readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe("alpha secret\n");
    expect(fs.readdirSync(outside)).toEqual(["secret.txt"]);
  });

  it("write_file asks first, writes only when run again with Allow, and reports a denial", async () => {
    const input = { path: "sub/new.txt", content: "fresh\n" };
    const asked = await call("write_file", input);
    expect(isPersonAsk(asked)).toBe(true);
    expect(asked).toMatchObject({
      question: `Allow Alpine to create the file "sub/new.txt" (6 bytes) in ${fs.realpathSync(folder)}?\n\nThe new file's content:\n\n\`\`\`\nfresh\n\`\`\``,
      choices: ["Allow", "Deny"],
    });
    expect(fs.existsSync(path.join(folder, "sub", "new.txt"))).toBe(false);
    expect(await call("write_file", input, undefined, "Deny")).toBe('The person denied this write, so "sub/new.txt" was not written. Do not try it again unless the person asks for it.');
    expect(await call("write_file", input, undefined, "not now")).toMatch(/^The person denied this write \(their answer: "not now"\)/);
    expect(fs.existsSync(path.join(folder, "sub", "new.txt"))).toBe(false);
    expect(await call("write_file", input, undefined, "Allow")).toBe('The person allowed the write: "sub/new.txt" now has 6 bytes.');
    expect(fs.readFileSync(path.join(folder, "sub", "new.txt"), "utf8")).toBe("fresh\n");
    expect(fs.readdirSync(path.join(folder, "sub")).sort()).toEqual(["deep.txt", "new.txt"]); // no temporary file left
    expect(await call("write_file", { path: "readme.md", content: "x" })).toMatchObject({ question: expect.stringContaining('replace the file "readme.md" (1 bytes)') });
  });

  it("write_file shows what it would change: a diff of an existing file, in a fence its content cannot close", async () => {
    fs.writeFileSync(path.join(folder, "plan.md"), "# Plan\nday one\nday two\n");
    const asked = (await call("write_file", { path: "plan.md", content: "# Plan\nday one\nday 2\n```\nday three\n" })) as { question: string };
    expect(asked.question).toContain("What changes (- removed, + added):");
    expect(asked.question).toContain("````diff\n  # Plan\n  day one\n- day two\n+ day 2\n+ ```\n+ day three\n  \n````");
    const same = (await call("write_file", { path: "plan.md", content: "# Plan\nday one\nday two\n" })) as { question: string };
    expect(same.question).toContain("The file already has exactly this content.");
  });

  it("says what to do when no folder is chosen", async () => {
    chosen = null;
    await expect(call("list_files", {})).rejects.toThrow(/No folder is chosen yet.*Settings/);
    await expect(call("read_file", { path: "readme.md" })).rejects.toThrow(/No folder is chosen yet/);
  });

  it("answers a malformed input with an error the model can read", async () => {
    await expect(call("read_file", {})).rejects.toThrow(/read_file.*\n.*path/s);
    await expect(call("search_text", { query: 5 })).rejects.toThrow(/search_text.*query/s);
  });
});
