/**
 * The model picker's groups (Anthropic, then each added provider), asked once the first
 * screen is shown and asked again when Settings → Models changes a provider.
 */
import type { ModelGroupView } from "../../../shared/providers-types";
import { api } from "../api/current-api";
import { askedOnce } from "./asked-once";
import { afterFirstScreen } from "./first-screen";
import { t } from "../i18n/i18n";
import { formatPrice } from "../i18n/format";

const groups = askedOnce(() => afterFirstScreen(() => api().request("models:groups", {})));

export const useModelGroups: () => ModelGroupView[] | null = groups.use;

/** Forget the groups: every picker asks again. */
export const refreshModelGroups: () => void = groups.forget;

/** A picker option's value: the provider and the model (model names may hold any character). */
export const choiceValue = (provider: string, model: string): string => JSON.stringify([provider, model]);

export function choiceOf(value: string): { provider: string; model: string } {
  const [provider, model] = JSON.parse(value) as [string, string];
  return { provider, model };
}

/** "$3 / $15 per million tokens", or "price unknown": never a made-up cost. */
export function priceLabel(price: ModelGroupView["models"][number]["price"]): string {
  if (!price) return t("usage.priceUnknown");
  const dollars = (n: number) => formatPrice(n, { maximumFractionDigits: 3 });
  return t("usage.price", { input: dollars(price.input), output: dollars(price.output) });
}
