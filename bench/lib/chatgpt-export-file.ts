/**
 * A made-up ChatGPT export of a given size, written conversation by conversation (never
 * held whole): each conversation a message tree with a regenerated reply and an edited
 * question, like real exports, with text from a seeded source.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { TextSource } from "./text";

interface Node {
  id: string;
  message: unknown;
  parent: string | null;
  children: string[];
}

function message(id: string, role: string, text: string, time: number): unknown {
  return { id, author: { role, name: null, metadata: {} }, create_time: time, content: { content_type: "text", parts: [text] }, status: "finished_successfully", metadata: { model_slug: "gpt-4o" }, recipient: "all" };
}

/** One conversation of about `turns` question-answer turns; a regenerate at turn 1, an edit at turn 2. */
export function chatgptConversation(index: number, turns: number, text: TextSource, entryChars: number): unknown {
  const mapping: Record<string, Node> = {};
  const add = (id: string, parent: string | null, msg: unknown) => {
    mapping[id] = { id, message: msg, parent, children: [] };
    if (parent) mapping[parent].children.push(id);
  };
  const base = 1_700_000_000 + index * 1000;
  add("root", null, null);
  let last = "root";
  for (let turn = 0; turn < turns; turn++) {
    const question = `q${turn}`;
    add(question, last, message(question, "user", text.text(entryChars), base + turn * 2));
    if (turn === 1) add(`a${turn}-old`, question, message(`a${turn}-old`, "assistant", text.text(entryChars), base + turn * 2));
    if (turn === 2) add(`q${turn}-edit`, last, message(`q${turn}-edit`, "user", text.text(entryChars), base + turn * 2));
    add(`a${turn}`, question, message(`a${turn}`, "assistant", text.text(entryChars), base + turn * 2 + 1));
    last = `a${turn}`;
  }
  const id = `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
  return { title: `Conversation ${index}`, create_time: base, update_time: base + turns * 2, mapping, current_node: last, conversation_id: id, id };
}

/** Writes conversations until the file reaches `bytes`; returns how many it holds. */
export async function writeChatgptExport(file: string, bytes: number, turns = 20, entryChars = 400): Promise<number> {
  const out = createWriteStream(file);
  const text = new TextSource(31);
  let written = 1;
  let count = 0;
  out.write("[");
  while (written < bytes) {
    const chunk = `${count > 0 ? ",\n" : "\n"}${JSON.stringify(chatgptConversation(count, turns, text, entryChars))}`;
    written += Buffer.byteLength(chunk);
    count++;
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end("\n]\n");
  await once(out, "finish");
  return count;
}
