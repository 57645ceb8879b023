/** The providers the person can add in Settings → Models, with their usual addresses. */
import type { ProviderKind, ProviderPreset } from "../../../shared/providers-types";

export const PROVIDER_PRESETS: ProviderPreset[] = [
  { kind: "openai", name: "OpenAI", baseURL: "https://api.openai.com/v1", needsKey: true },
  { kind: "openrouter", name: "OpenRouter", baseURL: "https://openrouter.ai/api/v1", needsKey: true },
  { kind: "ollama", name: "Ollama", baseURL: "http://localhost:11434/v1", needsKey: false },
  { kind: "lmstudio", name: "LM Studio", baseURL: "http://localhost:1234/v1", needsKey: false },
  { kind: "custom", name: "Other server", baseURL: "", needsKey: false },
];

export function presetOf(kind: ProviderKind): ProviderPreset {
  return PROVIDER_PRESETS.find((p) => p.kind === kind) ?? PROVIDER_PRESETS[PROVIDER_PRESETS.length - 1];
}
