/**
 * Checks of the scripted OpenAI-compatible server: that a Chat Completions request is one a
 * strict server accepts. Roles and content parts of the API only (no Anthropic blocks: no
 * thinking, tool_use, tool_result or document), every tool call answered by a `tool` message
 * right after it and no `tool` message without its call, images as data URLs, usage asked for.
 */
const isObject = (value: unknown): value is Record<string, any> => typeof value === "object" && value !== null && !Array.isArray(value);

const USER_PART_TYPES = new Set(["text", "image_url"]);

function describeUserContent(content: unknown, where: string): string | null {
  if (typeof content === "string") return null;
  if (!Array.isArray(content) || content.length === 0) return `${where}.content must be a string or a non-empty array of parts`;
  for (const [j, part] of content.entries()) {
    if (!isObject(part) || !USER_PART_TYPES.has(part.type)) return `${where}.content[${j}].type must be text or image_url, got ${JSON.stringify(part?.type)}`;
    if (part.type === "text" && typeof part.text !== "string") return `${where}.content[${j}].text must be a string`;
    if (part.type === "image_url" && !/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(String(part.image_url?.url))) {
      return `${where}.content[${j}].image_url.url must be a base64 data URL of an image`;
    }
  }
  return null;
}

function describeAssistant(message: Record<string, any>, where: string): string | null {
  const calls = message.tool_calls;
  if (message.content !== null && message.content !== undefined && typeof message.content !== "string") return `${where}.content must be a string or null`;
  if (calls === undefined) return typeof message.content === "string" ? null : `${where} has neither content nor tool_calls`;
  if (!Array.isArray(calls) || calls.length === 0) return `${where}.tool_calls must be a non-empty array`;
  for (const [j, call] of calls.entries()) {
    if (!isObject(call) || typeof call.id !== "string" || call.id === "" || call.type !== "function") return `${where}.tool_calls[${j}] needs an id and type "function"`;
    if (typeof call.function?.name !== "string" || typeof call.function?.arguments !== "string") return `${where}.tool_calls[${j}].function needs a name and arguments as a string`;
  }
  return null;
}

/** Why the request is refused (400), or null when it is valid. */
export function describeInvalidChatRequest(body: unknown): string | null {
  if (!isObject(body)) return "the body must be a JSON object";
  if (typeof body.model !== "string" || body.model === "") return "model: a model name is required";
  if (body.stream !== true || body.stream_options?.include_usage !== true) return "stream must be true with stream_options.include_usage (this server only streams)";
  for (const key of ["thinking", "system", "max_completion_tokens_budget"]) if (key in body) return `${key}: not a Chat Completions parameter`;
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "messages: at least one message is required";
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools) || body.tools.some((t: any) => t?.type !== "function" || typeof t.function?.name !== "string" || !isObject(t.function.parameters))) {
      return "tools: each tool is { type: \"function\", function: { name, parameters } }";
    }
  }
  let open = new Set<string>();
  for (const [i, message] of (body.messages as unknown[]).entries()) {
    const where = `messages[${i}]`;
    if (!isObject(message)) return `${where} must be an object`;
    if (message.role !== "tool" && open.size > 0) return `${where}: tool calls ${[...open].join(", ")} have no tool message right after them`;
    let problem: string | null = null;
    switch (message.role) {
      case "system":
        if (i !== 0) problem = `${where}: the system message comes first`;
        else if (typeof message.content !== "string") problem = `${where}.content must be a string`;
        break;
      case "user":
        problem = describeUserContent(message.content, where);
        break;
      case "assistant":
        problem = describeAssistant(message, where);
        if (!problem && message.tool_calls) open = new Set(message.tool_calls.map((c: any) => c.id));
        break;
      case "tool":
        if (!open.delete(message.tool_call_id)) problem = `${where}: tool message for ${JSON.stringify(message.tool_call_id)}, which is not an open call of the assistant message before`;
        else if (typeof message.content !== "string") problem = `${where}.content must be a string`;
        break;
      default:
        problem = `${where}.role ${JSON.stringify(message.role)} is not one of system, user, assistant, tool`;
    }
    if (problem) return problem;
  }
  if (open.size > 0) return `the last assistant message's tool calls ${[...open].join(", ")} have no tool messages`;
  return null;
}
