/** The later launch's check that V8's code cache was used: what a Chromium trace says was taken from it. */
import { describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS } from "../../bench/window/browser";
import { consumedCodeCacheKB, laterLaunchFlags } from "../../bench/window/later-launch";

const compiled = (name: string, url: string, consumed?: number) => ({ name, ph: "X", args: { data: { url, ...(consumed === undefined ? {} : { consumedCacheSize: consumed }) } } });

describe("a later launch's code cache check", () => {
  it("sums the compiled code taken from the cache for the window's own scripts, in KB", () => {
    const trace = {
      traceEvents: [
        compiled("v8.compileModule", "http://127.0.0.1:4000/assets/start-app-abc.js", 512 * 1024),
        compiled("v8.compileModule", "http://127.0.0.1:4000/assets/index-def.js", 8 * 1024),
        compiled("v8.compile", "http://127.0.0.1:4000/assets/worker-1.js", 1024),
        // Not the window's files, or nothing taken from the cache: not counted.
        compiled("v8.compileModule", "chrome://resources/x.js", 99 * 1024),
        compiled("v8.compileModule", "http://127.0.0.1:4000/assets/highlight-ghi.js"),
        compiled("v8.produceModuleCache", "http://127.0.0.1:4000/assets/start-app-abc.js", 300 * 1024),
      ],
    };
    expect(consumedCodeCacheKB(JSON.stringify(trace))).toBe(521);
    expect(consumedCodeCacheKB(JSON.stringify(trace.traceEvents))).toBe(521);
  });

  it("is 0 when the scripts were compiled afresh", () => {
    expect(consumedCodeCacheKB(JSON.stringify({ traceEvents: [compiled("v8.compileModule", "http://127.0.0.1:4000/assets/start-app-abc.js")] }))).toBe(0);
  });

  it("turns the background resource fetch off only for the code cache column, keeping the project's flags", () => {
    expect(laterLaunchFlags(false)).toEqual(CHROMIUM_FLAGS);
    expect(laterLaunchFlags(true)).toEqual([...CHROMIUM_FLAGS, "--disable-features=BackgroundResourceFetch"]);
  });
});
