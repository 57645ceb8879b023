/**
 * The ChatGPT data export (`conversations.json`: a list of conversations). Each has a
 * `mapping` of nodes, each node a message (or null for the hidden root) with its `parent`
 * and `children`; `current_node` marks the message shown last, so the path to it is the
 * shown branch. A call to a tool (`recipient` other than "all") becomes a tool call, and
 * the `tool` message after it its result.
 */
import type { EntryDraft, SourceConversation, TreeMessage } from "./message-tree";
import { asArray, asObject, asString, type Fields, optionalString, secondsToIso } from "./record-fields";

export function isChatgptConversation(record: unknown): boolean {
  return record !== null && typeof record === "object" && "mapping" in record;
}

export function chatgptConversation(record: unknown): SourceConversation {
  const conversation = asObject(record, "the conversation");
  const id = asString(conversation.conversation_id ?? conversation.id, "conversation_id");
  const createdAt = secondsToIso(conversation.create_time, "create_time", new Date(0).toISOString());
  const updatedAt = secondsToIso(conversation.update_time, "update_time", createdAt);
  const mapping = asObject(conversation.mapping, "mapping");
  const nodes = Object.entries(mapping).map(([key, node]) => ({ key, node: asObject(node, `mapping["${key}"]`) }));
  const messagesById = new Map(nodes.map(({ key, node }) => [key, node.message === null || node.message === undefined ? null : asObject(node.message, `mapping["${key}"].message`)]));
  let lastAt = createdAt;
  const messages: TreeMessage[] = nodes.map(({ key, node }) => {
    const path = `mapping["${key}"]`;
    if (node.children !== undefined) asArray(node.children, `${path}.children`);
    const parentId = optionalString(node.parent, `${path}.parent`);
    const message = messagesById.get(key) ?? null;
    const at = message ? secondsToIso(message.create_time, `${path}.message.create_time`, lastAt) : lastAt;
    lastAt = at;
    const parentMessage = parentId !== null ? (messagesById.get(parentId) ?? null) : null;
    return { id: key, parentId, entries: message ? entriesOf(message, parentMessage, parentId, `${path}.message`, at) : [] };
  });
  return {
    from: { source: "chatgpt", id },
    title: optionalString(conversation.title, "title") ?? "",
    createdAt,
    updatedAt,
    messages,
    currentId: optionalString(conversation.current_node, "current_node"),
  };
}

function entriesOf(message: Fields, parent: Fields | null, parentId: string | null, path: string, at: string): EntryDraft[] {
  const author = asObject(message.author, `${path}.author`);
  const role = asString(author.role, `${path}.author.role`);
  const metadata = message.metadata && typeof message.metadata === "object" ? (message.metadata as Fields) : {};
  if (metadata.is_visually_hidden_from_conversation === true || role === "system") return [];
  const content = asObject(message.content, `${path}.content`);
  const contentType = optionalString(content.content_type, `${path}.content.content_type`) ?? "text";
  if (contentType === "user_editable_context" || contentType === "thoughts" || contentType === "reasoning_recap") return [];
  const text = textOf(content, `${path}.content`);
  const recipient = optionalString(message.recipient, `${path}.recipient`) ?? "all";
  if (role === "user") return text.trim() ? [{ kind: "user", at, text }] : [];
  if (role === "assistant") {
    const model = typeof metadata.model_slug === "string" ? metadata.model_slug : "chatgpt";
    if (recipient !== "all") {
      const callId = asString(message.id ?? "call", `${path}.id`);
      const input = contentType === "code" ? { code: text } : { text };
      return [{ kind: "assistant", at, text: "", content: [{ type: "tool_use", id: callId, name: recipient, input }], stopReason: "tool_use", model }];
    }
    return text.trim() ? [{ kind: "assistant", at, text, content: [{ type: "text", text }], stopReason: "end_turn", model }] : [];
  }
  if (role === "tool") {
    const name = optionalString(author.name, `${path}.author.name`) ?? "tool";
    const call = parent && (optionalString(parent.recipient, "recipient") ?? "all") !== "all" ? parent : null;
    if (call && parentId !== null) return [{ kind: "tool_result", at, text, callId: asString(call.id ?? parentId, `${path}.parent`), name, status: "done" }];
    return text.trim() ? [{ kind: "notice", at, text: `${name}: ${text}` }] : [];
  }
  return [];
}

/** The message's text: its string parts joined; a picture or file part says what it was. */
function textOf(content: Fields, path: string): string {
  if (typeof content.text === "string") return content.text;
  // A browsing tool's page (tether_browsing_display) keeps its text in `result`.
  if (typeof content.result === "string") return content.result;
  if (content.parts === undefined || content.parts === null) return "";
  const parts = asArray(content.parts, `${path}.parts`);
  return parts
    .map((part, i) => {
      if (typeof part === "string") return part;
      const object = asObject(part, `${path}.parts[${i}]`);
      if (typeof object.text === "string") return object.text;
      const kind = typeof object.content_type === "string" ? object.content_type.replace(/_/g, " ") : "attachment";
      return `[${kind}]`;
    })
    .filter((text) => text !== "")
    .join("\n");
}
