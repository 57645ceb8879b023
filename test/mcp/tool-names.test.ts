/**
 * MCP tool names as the model sees them: valid for the Messages API, unique, and the same
 * for the same tools every time, however long or odd the server and tool names are.
 */
import { expect, it } from "vitest";
import { assignToolNames, modelToolName } from "../../src/main/mcp";
import { StderrLog } from "../../src/main/mcp/stderr-log";

const VALID = /^[A-Za-z0-9_-]{1,64}$/;

it("joins server and tool; cleans characters the API refuses; shortens long names deterministically", () => {
  expect(modelToolName("github", "create_issue")).toBe("github__create_issue");
  expect(modelToolName("My Server.v2", "read.file")).toBe("My_Server_v2__read_file");
  const long = modelToolName("a-very-long-server-name-that-goes-on-and-on", "and-a-tool-name-that-is-also-rather-long-indeed");
  expect(long).toMatch(VALID);
  expect(long).toHaveLength(64);
  expect(modelToolName("a-very-long-server-name-that-goes-on-and-on", "and-a-tool-name-that-is-also-rather-long-indeed")).toBe(long);
  expect(modelToolName("a-very-long-server-name-that-goes-on-and-on", "and-a-tool-name-that-is-also-rather-long-indeed-2")).not.toBe(long);
});

it("keeps names unique among themselves and apart from the built-in tools", () => {
  const pairs = [
    { server: "a b", tool: "x" },
    { server: "a_b", tool: "x" },
    { server: "a.b", tool: "x" },
    { server: "s", tool: "t" },
  ];
  const names = assignToolNames(pairs, ["s__t", "finish", "ask"]);
  expect(new Set(names).size).toBe(4);
  expect(names.every((n) => VALID.test(n))).toBe(true);
  expect(names[0]).toBe("a_b__x");
  expect(names).not.toContain("s__t");
  expect(assignToolNames(pairs, ["s__t", "finish", "ask"])).toEqual(names);
});

it("keeps the last 200 stderr lines", () => {
  const log = new StderrLog();
  for (let i = 0; i < 250; i++) log.write(`line ${i}\n`);
  log.write("partial");
  const tail = log.tail();
  expect(tail).toHaveLength(200);
  expect(tail.at(-1)).toBe("partial");
  expect(tail[0]).toBe("line 51");
});
