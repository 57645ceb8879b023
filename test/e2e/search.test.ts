/**
 * Search in the window (Chromium, the real service through the test host): a result shows
 * why it matches, a snippet with the searched words marked (as text: a message's tags stay
 * characters), and opens its conversation at the match, scrolled there (older pages loaded
 * as needed) and highlighted. Text of a branch that is not the one shown opens that branch,
 * and its switcher says so.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Agent, SqliteStore, State, branchState } from "../../src/main/agent";
import { appendEntry } from "../../src/main/agent/state/state";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { useAlpineSession } from "./support/file-session";

const MODEL = "claude-sonnet-4-6";
/** Far more messages than a conversation opens with (its newest 200): the match is on an older page. */
const LONG_MESSAGES = 900;
const MATCH_SEQ = 12;

function reply(state: State, text: string): void {
  appendEntry(state, { kind: "assistant", text, content: [{ type: "text", text }], stopReason: "end_turn", model: MODEL });
}

interface Seeded {
  longId: string;
  trunkId: string;
  editId: string;
}

async function seed(dataFolder: string): Promise<Seeded> {
  fs.mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  const store = new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME), { synchronous: "NORMAL" });
  const agent = new Agent({ model: MODEL, system: "seed", store });
  try {
    const long = new State("A long chat about animals");
    reply(long, "Reply 1.");
    for (let n = 2; long.history.length < LONG_MESSAGES; n++) {
      const text = long.history.length === MATCH_SEQ ? "Tell me about the <b>quokka</b> & its smile, please." : `Message ${n}: tell me more.`;
      long.addUserMessage(text);
      reply(long, `Reply ${n}: more about animals.`);
    }
    long.stoppedBy = "end_turn";
    await agent.save(long);

    const trunk = new State("Plan a picnic");
    reply(trunk, "Bring lemonade.");
    trunk.addUserMessage("What about sandwiches?");
    reply(trunk, "Cucumber sandwiches are a classic.");
    trunk.stoppedBy = "end_turn";
    await agent.save(trunk);
    // An edit of the second question: saved last, so it is the branch the sidebar shows.
    const edit = branchState(await store.load(trunk.id), 1, { message: "What if it rains?" });
    reply(edit, "Bring umbrellas.");
    edit.stoppedBy = "end_turn";
    await agent.save(edit);
    return { longId: long.id, trunkId: trunk.id, editId: edit.id };
  } finally {
    store.close();
  }
}

describe("search in the window", () => {
  let seeded: Seeded;
  const win = () => e2e.win;
  const page = () => e2e.page;
  const searchbox = () => page().getByRole("searchbox", { name: "Search conversations" });

  const e2e = useAlpineSession({
    prepare: async (dataFolder) => {
      seeded = await seed(dataFolder);
    },
  }, 120_000);

  /** The marked words and the whole text of a result row's snippet. */
  async function snippetOf(id: string) {
    const snippet = page().locator(`.conversation-row[data-conversation-id="${id}"] .conversation-row__snippet`);
    await snippet.waitFor();
    return { text: await snippet.textContent(), marked: await snippet.locator("mark").allTextContents(), elements: await snippet.locator("b").count() };
  }

  /** Whether the element is inside the conversation's scroller's view. */
  async function inView(selector: string): Promise<boolean> {
    const box = await page().locator(selector).boundingBox();
    const view = await page().locator(".conversation__scroller").boundingBox();
    return box !== null && view !== null && box.y + box.height > view.y && box.y < view.y + view.height;
  }

  it("shows why a result matches and opens the conversation at the match, loading older pages", async () => {
    let since = await win().mark();
    await searchbox().fill("QUOKK smile");
    const found = await win().waitFor("list-rendered", { query: "QUOKK smile" }, since);
    expect(found.detail.ids).toEqual([seeded.longId]);
    const snippet = await snippetOf(seeded.longId);
    expect(snippet.marked).toEqual(["quokka", "smile"]);
    // The message's tags are text, never elements.
    expect(snippet.text).toContain("<b>quokka</b> & its smile");
    expect(snippet.elements).toBe(0);
    await win().screenshotBothThemes("search-snippet");

    since = await win().mark();
    await page().locator(`.conversation-row[data-conversation-id="${seeded.longId}"] .conversation-row__open`).click();
    const shown = await win().waitFor("match-shown", { id: seeded.longId, seq: MATCH_SEQ }, since, 60_000);
    expect(shown.detail).toMatchObject({ id: seeded.longId, seq: MATCH_SEQ });
    expect((await win().events("earlier-loaded", since)).length).toBeGreaterThan(0);
    const row = `.conversation__row[data-seq="${MATCH_SEQ}"]`;
    expect(await page().locator(row).getAttribute("class")).toContain("conversation__row--match");
    expect(await page().locator(row).textContent()).toContain("<b>quokka</b> & its smile");
    expect(await inView(row)).toBe(true);
    await win().screenshotBothThemes("search-opened-at-match");
  });

  it("finds text of a branch that is not the one shown, and opens that branch", async () => {
    let since = await win().mark();
    await searchbox().fill("cucumber");
    const found = await win().waitFor("list-rendered", { query: "cucumber" }, since);
    expect(found.detail.ids).toEqual([seeded.trunkId]);
    expect((await snippetOf(seeded.trunkId)).marked).toEqual(["Cucumber"]);

    since = await win().mark();
    await page().locator(`.conversation-row[data-conversation-id="${seeded.trunkId}"] .conversation-row__open`).click();
    await win().waitFor("match-shown", { id: seeded.trunkId, seq: 3 }, since, 60_000);
    await page().locator(`.message--assistant[data-seq="3"]`).getByText("Cucumber sandwiches are a classic.").waitFor();
    await page().locator(`.branch-switcher[data-fork-seq="2"]`).getByText("1 / 2").waitFor();

    // The shown branch's own text opens the shown branch.
    since = await win().mark();
    await searchbox().fill("umbrellas");
    const edited = await win().waitFor("list-rendered", { query: "umbrellas" }, since);
    expect(edited.detail.ids).toEqual([seeded.editId]);
    since = await win().mark();
    await page().locator(`.conversation-row[data-conversation-id="${seeded.editId}"] .conversation-row__open`).click();
    await win().waitFor("match-shown", { id: seeded.editId, seq: 3 }, since, 60_000);
    await page().locator(`.branch-switcher[data-fork-seq="2"]`).getByText("2 / 2").waitFor();
  });
});
