/**
 * The `openai` SDK's errors in the library's terms where that helps the person: a refused
 * socket is "<server> is not running at <url>", a 401/403 a refused key, a 400 about tools a
 * model without tool calls, a stalled stream a timeout, a 529 or 503 an overload. Others
 * pass through unchanged: their class names are the same as the Anthropic SDK's.
 */
import { ModelKeyRefusedError, ModelOverloadedError, ModelServerUnreachableError, ModelTimeoutError, ModelWithoutToolsError } from "./provider-errors";

export interface ErrorContext {
  model: string | null;
  serverName: string;
  baseURL: string;
  /** The provider gave the stream up (nothing arrived in time). */
  timedOut: boolean;
  timeoutMs: number;
}

const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ECONNRESET", "EAI_AGAIN", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT"]);
const WITHOUT_TOOLS = /does not support tools|tools? (are|is) not supported|tool use is not supported|no endpoints found that support tool use|does not support function/i;

export function mapOpenAIError(error: unknown, context: ErrorContext): unknown {
  if (context.timedOut) return new ModelTimeoutError(context.model ?? context.serverName, context.timeoutMs);
  if (!(error instanceof Error)) return error;
  // The SDK's classes leave `name` as "Error"; the run records and the app explains errors by class name.
  if (error.name === "Error" && error.constructor.name !== "Error") Object.defineProperty(error, "name", { value: error.constructor.name, configurable: true, writable: true });
  const status = (error as { status?: unknown }).status;
  if (error.name === "APIConnectionTimeoutError") return new ModelTimeoutError(context.model ?? context.serverName, context.timeoutMs);
  if (error.name === "APIConnectionError") {
    const code = causeCode(error);
    if (code && UNREACHABLE_CODES.has(code)) return new ModelServerUnreachableError(context.serverName, context.baseURL, describeCode(code), { cause: error });
    return error;
  }
  if (status === 401 || status === 403) return new ModelKeyRefusedError(context.serverName, error.message, { cause: error });
  if (typeof status === "number" && status >= 400 && status < 500 && context.model && WITHOUT_TOOLS.test(error.message)) {
    return new ModelWithoutToolsError(context.model, error.message, { cause: error });
  }
  if (status === 529 || (status === 503 && /overload/i.test(error.message))) return new ModelOverloadedError(context.serverName, error.message, { cause: error });
  return error;
}

/** The system error code somewhere down the cause chain (fetch wraps the socket's). */
function causeCode(error: Error): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function describeCode(code: string): string {
  if (code === "ECONNREFUSED") return "nothing accepts connections there";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the host name is not found";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "the connection was dropped";
  return `the connection failed: ${code}`;
}
