/**
 * The launch's interactive sidebar: its rows' time, unless long tasks hold the page from the
 * one that rendered them until the conversation is shown.
 */
import { describe, expect, it } from "vitest";
import { interactiveAt } from "../../bench/window/interactive-time";

describe("interactiveAt", () => {
  it("is the rows' time when no long task holds the page after them", () => {
    expect(interactiveAt(240, 320, [])).toBe(240);
    // Long tasks over before the rows (the kept screen's layout), or begun after the conversation was shown.
    expect(interactiveAt(240, 320, [{ start: 80, duration: 60 }, { start: 330, duration: 90 }])).toBe(240);
  });

  it("waits for the long task that rendered the rows", () => {
    expect(interactiveAt(240, 320, [{ start: 200, duration: 55 }])).toBe(255);
  });

  it("waits for a long task after the rows' own (the conversation's list in a task of its own), until the conversation is shown", () => {
    expect(interactiveAt(240, 340, [{ start: 250, duration: 82 }])).toBe(332);
    expect(interactiveAt(240, 400, [{ start: 200, duration: 55 }, { start: 262, duration: 91 }, { start: 380, duration: 50 }])).toBe(430);
  });
});
