import { describe, expect, it } from "vitest";
import { JsonArrayScanner, JsonScanError } from "../../../src/main/service/transfer/json-array-scanner";

/** Feeds the text in pieces of `size` characters, so every element crosses chunk borders. */
function scan(text: string, size: number, listKey = "conversations") {
  const scanner = new JsonArrayScanner({ listKey, maxDepth: 20 });
  const values: unknown[] = [];
  for (let i = 0; i < text.length; i += size) for (const item of scanner.push(text.slice(i, i + size))) values.push(item.value);
  scanner.end();
  return { values, header: scanner.header };
}

function scanError(text: string, size = 3): JsonScanError {
  try {
    scan(text, size);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonScanError);
    return error as JsonScanError;
  }
  throw new Error("expected a scan error");
}

const list = [{ a: 1, b: [1, 2, { c: "x]}\\\"," }] }, "str,]", 12.5, null, true, [], { "k\"ey": { deep: [[["}"]]] } }];

describe("JsonArrayScanner", () => {
  it("reads every element of a top-level list whatever the chunk size", () => {
    const text = ` \n${JSON.stringify(list, null, 2)}\n`;
    for (const size of [1, 2, 3, 7, 64, 100_000]) expect(scan(text, size).values).toEqual(list);
  });

  it("reads the named list of a top-level object and keeps the other keys as the header", () => {
    const doc = { format: "alpine-conversations", version: 1, meta: { x: [1, { y: "," }] }, conversations: list, after: "z" };
    for (const size of [1, 5, 1000]) {
      const { values, header } = scan(JSON.stringify(doc), size);
      expect(values).toEqual(list);
      expect(header).toEqual({ format: "alpine-conversations", version: 1, meta: { x: [1, { y: "," }] }, after: "z" });
    }
  });

  it("reads an empty list", () => {
    expect(scan("[]", 1).values).toEqual([]);
    expect(scan('{"conversations": []}', 1).values).toEqual([]);
  });

  it("names the element a truncated file ends in", () => {
    const text = JSON.stringify(list);
    const error = scanError(text.slice(0, text.indexOf("str,]") + 2));
    expect(error.record).toBe(2);
    expect(error.message).toMatch(/truncated/);
    expect(scanError("[1, 2").message).toMatch(/truncated/);
  });

  it("names the element that is not valid JSON", () => {
    const error = scanError('[{"a":1},{"a":tru},{"a":2}]');
    expect(error.record).toBe(2);
    expect(error.message).toMatch(/not valid JSON/);
  });

  it("refuses nesting deeper than the limit, naming the element", () => {
    const error = scanError(`[1, ${"[".repeat(50)}${"]".repeat(50)}]`, 1000);
    expect(error.record).toBe(2);
    expect(error.message).toMatch(/nested more than 20 levels/);
  });

  it("refuses what is not a list, text after the end, and an empty file", () => {
    expect(scanError("hello").message).toMatch(/neither \[ nor \{/);
    expect(scanError("[1] [2]").message).toMatch(/after the end/);
    expect(scanError("   ").message).toMatch(/empty/);
    expect(scanError('{"conversations": 3}').message).toMatch(/not a list/);
  });
});
