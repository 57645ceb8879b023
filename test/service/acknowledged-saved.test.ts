/**
 * The service answers the window's send, answer, edit and new conversation only once the
 * person's words are in the store (docs/acknowledgements.md): a second reader of the
 * database finds them the moment the answer arrives, before the run has asked the model
 * anything, and before the MCP servers' tools or the model client were waited for.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/main/agent";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { useServiceFixture, type ServiceFixture } from "./helpers";

const services = useServiceFixture();

/** The person's messages of a State, as another process reading the database sees them now. */
function savedUserTexts(fixture: ServiceFixture, id: string): string[] {
  const reader = new SqliteStore(path.join(fixture.dataFolder, DATABASE_FILE_NAME));
  try {
    return (reader.read(id)?.entries ?? []).filter((e) => e.kind === "user").map((e) => e.text);
  } finally {
    reader.close();
  }
}

describe("what the window acknowledges is saved before the answer", () => {
  it("a new conversation's first message, a later message, an answer to a question and an edit", async () => {
    const fixture = await services.open();
    fixture.model.script({ toolUses: [{ name: "ask", input: { question: "Which city?", choices: ["Kyoto", "Oslo"] } }] }, { text: "Noted." }, { text: "Noted." }, { text: "Noted." });
    const { id } = await fixture.call<{ id: string }>("runs:start", { text: "Plan the trip" });
    expect(savedUserTexts(fixture, id)).toEqual(["Plan the trip"]);
    const asked = await fixture.log.step(id, "run_end");
    expect(asked.stoppedBy).toBe("ask");

    let mark = fixture.log.count;
    await fixture.call("runs:answer", { id, answer: "Kyoto" });
    expect(savedUserTexts(fixture, id)).toEqual(["Plan the trip", "Kyoto"]);
    await fixture.log.step(id, "run_end", mark);

    mark = fixture.log.count;
    await fixture.call("runs:send", { id, text: "Pack the tent" });
    expect(savedUserTexts(fixture, id)).toEqual(["Plan the trip", "Kyoto", "Pack the tent"]);
    await fixture.log.step(id, "run_end", mark);

    const edited = await fixture.call<{ id: string }>("runs:edit", { id, seq: 0, text: "Plan the Kyoto trip" });
    expect(savedUserTexts(fixture, edited.id)).toEqual(["Plan the Kyoto trip"]);
    await fixture.log.step(edited.id, "run_end");
  });
});
