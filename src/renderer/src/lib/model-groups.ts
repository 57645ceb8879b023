/**
 * The model picker's groups (Anthropic, then each added provider), asked once the first
 * screen is shown and asked again when Settings → Models changes a provider.
 */
import { useEffect, useState } from "react";
import type { ModelGroupView } from "../../../shared/providers-types";
import { api } from "../api/current-api";
import { afterFirstScreen } from "./first-screen";

let answer: Promise<ModelGroupView[] | null> | null = null;
const listeners = new Set<() => void>();

/** Forget the groups: every picker asks again. */
export function refreshModelGroups(): void {
  answer = null;
  listeners.forEach((listener) => listener());
}

export function useModelGroups(): ModelGroupView[] | null {
  const [groups, setGroups] = useState<ModelGroupView[] | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const listener = () => setAsked((n) => n + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  useEffect(() => {
    answer ??= afterFirstScreen(() => api().request("models:groups", {})).catch(() => null);
    let live = true;
    void answer.then((value) => live && setGroups(value));
    return () => {
      live = false;
    };
  }, [asked]);
  return groups;
}

/** A picker option's value: the provider and the model (model names may hold any character). */
export const choiceValue = (provider: string, model: string): string => JSON.stringify([provider, model]);

export function choiceOf(value: string): { provider: string; model: string } {
  const [provider, model] = JSON.parse(value) as [string, string];
  return { provider, model };
}

/** "$3 / $15 per million tokens", or "price unknown": never a made-up cost. */
export function priceLabel(price: ModelGroupView["models"][number]["price"]): string {
  if (!price) return "price unknown";
  const dollars = (n: number) => `$${Number(n.toFixed(3))}`;
  return `${dollars(price.input)} in / ${dollars(price.output)} out per million tokens`;
}
