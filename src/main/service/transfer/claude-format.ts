/**
 * The Claude.ai data export (`conversations.json`: a list of conversations). Each has
 * `chat_messages`, each with `sender` ("human" or "assistant"), `text`, and `content`
 * blocks (text, tool_use, tool_result, thinking); newer exports give each message its
 * `parent_message_uuid`, so edits and retries become branches. Without it the messages
 * follow one another. The export marks no shown message: the newest leaf is shown.
 */
import type { EntryDraft, SourceConversation, TreeMessage } from "./message-tree";
import { asArray, asObject, asString, type Fields, isoTime, optionalString } from "./record-fields";

export function isClaudeConversation(record: unknown): boolean {
  return record !== null && typeof record === "object" && "chat_messages" in record;
}

export function claudeConversation(record: unknown): SourceConversation {
  const conversation = asObject(record, "the conversation");
  const id = asString(conversation.uuid, "uuid");
  const createdAt = isoTime(conversation.created_at, "created_at", new Date(0).toISOString());
  const updatedAt = isoTime(conversation.updated_at, "updated_at", createdAt);
  const list = asArray(conversation.chat_messages, "chat_messages");
  let previous: string | null = null;
  let lastAt = createdAt;
  const messages: TreeMessage[] = list.map((item, i) => {
    const path = `chat_messages[${i}]`;
    const message = asObject(item, path);
    const uuid = asString(message.uuid, `${path}.uuid`);
    const at = isoTime(message.created_at, `${path}.created_at`, lastAt);
    lastAt = at;
    const parentId = "parent_message_uuid" in message ? optionalString(message.parent_message_uuid, `${path}.parent_message_uuid`) : previous;
    previous = uuid;
    return { id: uuid, parentId, entries: entriesOf(message, path, at) };
  });
  return {
    from: { source: "claude", id },
    title: optionalString(conversation.name, "name") ?? "",
    createdAt,
    updatedAt,
    messages,
    currentId: optionalString(conversation.current_leaf_message_uuid, "current_leaf_message_uuid"),
  };
}

function entriesOf(message: Fields, path: string, at: string): EntryDraft[] {
  const sender = asString(message.sender, `${path}.sender`);
  const blocks = message.content === undefined || message.content === null ? null : asArray(message.content, `${path}.content`);
  if (sender === "human") {
    const text = [humanText(message, blocks, path), ...attachments(message, path)].filter((t) => t.trim() !== "").join("\n\n");
    return text ? [{ kind: "user", at, text }] : [];
  }
  if (sender !== "assistant") return [];
  if (!blocks || blocks.length === 0) {
    const text = optionalString(message.text, `${path}.text`) ?? "";
    return text.trim() ? [assistant(at, [{ type: "text", text }])] : [];
  }
  return assistantEntries(blocks, path, at, asString(message.uuid, `${path}.uuid`));
}

function humanText(message: Fields, blocks: unknown[] | null, path: string): string {
  const texts = (blocks ?? []).map((block, i) => asObject(block, `${path}.content[${i}]`)).filter((b) => b.type === "text");
  if (texts.length > 0) return texts.map((b, i) => asString(b.text, `${path}.content[${i}].text`)).join("\n");
  return optionalString(message.text, `${path}.text`) ?? "";
}

function attachments(message: Fields, path: string): string[] {
  const out: string[] = [];
  const files = message.attachments === undefined || message.attachments === null ? [] : asArray(message.attachments, `${path}.attachments`);
  files.forEach((item, i) => {
    const file = asObject(item, `${path}.attachments[${i}]`);
    const name = optionalString(file.file_name, `${path}.attachments[${i}].file_name`) ?? "attachment";
    const body = optionalString(file.extracted_content, `${path}.attachments[${i}].extracted_content`);
    out.push(body ? `[Attached: ${name}]\n${body}` : `[Attached: ${name}]`);
  });
  return out;
}

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown };

function assistant(at: string, content: Block[]): EntryDraft {
  const text = content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
  const calls = content.some((b) => b.type === "tool_use");
  return { kind: "assistant", at, text, content, stopReason: calls ? "tool_use" : "end_turn", model: "claude.ai" };
}

/** Text and tool calls make one model turn; each tool result closes it and follows it. */
function assistantEntries(blocks: unknown[], path: string, at: string, uuid: string): EntryDraft[] {
  const out: EntryDraft[] = [];
  let turn: Block[] = [];
  let lastCall: string | null = null;
  blocks.forEach((item, i) => {
    const where = `${path}.content[${i}]`;
    const block = asObject(item, where);
    const type = asString(block.type, `${where}.type`);
    if (type === "text") {
      const text = asString(block.text, `${where}.text`);
      if (text !== "") turn.push({ type: "text", text });
    } else if (type === "tool_use") {
      lastCall = optionalString(block.id, `${where}.id`) ?? `${uuid}-call-${i}`;
      turn.push({ type: "tool_use", id: lastCall, name: asString(block.name, `${where}.name`), input: block.input ?? {} });
    } else if (type === "tool_result") {
      if (turn.length > 0) out.push(assistant(at, turn));
      turn = [];
      const callId = optionalString(block.tool_use_id, `${where}.tool_use_id`) ?? lastCall ?? `${uuid}-call-${i}`;
      const name = optionalString(block.name, `${where}.name`) ?? "tool";
      out.push({ kind: "tool_result", at, text: resultText(block.content, `${where}.content`), callId, name, status: block.is_error === true ? "error" : "done" });
    }
  });
  if (turn.length > 0) out.push(assistant(at, turn));
  return out;
}

function resultText(content: unknown, path: string): string {
  if (typeof content === "string") return content;
  if (content === undefined || content === null) return "";
  return asArray(content, path)
    .map((item, i) => {
      const block = asObject(item, `${path}[${i}]`);
      return typeof block.text === "string" ? block.text : `[${typeof block.type === "string" ? block.type : "content"}]`;
    })
    .join("\n");
}
