/** One Chromium and one set of flags for the window's tests and the benchmark alike. */
import { afterEach, describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS } from "../../bench/window/browser";
import { CHROMIUM_ARGS, chromiumPath } from "../support/chromium";

describe("the Chromium the tests and the benchmark run", () => {
  const previous = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (previous === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = previous;
  });

  it("is the one CHROMIUM_PATH names, else Debian's, an empty CHROMIUM_PATH naming none", () => {
    process.env.CHROMIUM_PATH = "/opt/other/chromium";
    expect(chromiumPath()).toBe("/opt/other/chromium");
    process.env.CHROMIUM_PATH = "";
    expect(chromiumPath()).toBe("/usr/bin/chromium");
    delete process.env.CHROMIUM_PATH;
    expect(chromiumPath()).toBe("/usr/bin/chromium");
  });

  it("runs headless, in English, without sandbox, GPU, QUIC or background traffic, the benchmark adding only exact memory figures", () => {
    expect(CHROMIUM_ARGS).toEqual(["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--lang=en-US"]);
    expect(CHROMIUM_FLAGS).toEqual([...CHROMIUM_ARGS, "--enable-precise-memory-info"]);
  });
});
