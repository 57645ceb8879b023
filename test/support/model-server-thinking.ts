/**
 * Signatures of the scripted server's thinking blocks. The real API signs each thinking
 * block and refuses one sent back changed; this server does the same with an HMAC, so a
 * test proves the thinking came back byte for byte (also from another server process:
 * the key is fixed). Redacted thinking is opaque data that carries its own MAC.
 */
import { createHmac } from "node:crypto";

const KEY = "alpine-scripted-model-server";

const mac = (text: string) => createHmac("sha256", KEY).update(text).digest("base64");

export function signThinking(thinking: string): string {
  return mac(`thinking:${thinking}`);
}

export function redactedData(hidden: string): string {
  const payload = Buffer.from(hidden, "utf8").toString("base64");
  return `${payload}.${mac(`redacted:${payload}`)}`;
}

/** Why a thinking block sent back would be refused, or null when it is one this server gave. */
export function describeBadThinking(block: any): string | null {
  if (block?.type === "thinking") {
    if (typeof block.thinking !== "string" || typeof block.signature !== "string") return "thinking blocks need thinking and signature strings";
    return block.signature === signThinking(block.thinking) ? null : "Invalid `signature` in `thinking` block";
  }
  if (block?.type === "redacted_thinking") {
    const [payload, tag] = String(block.data).split(".");
    return tag !== undefined && tag === mac(`redacted:${payload}`) ? null : "Invalid `data` in `redacted_thinking` block";
  }
  return null;
}
