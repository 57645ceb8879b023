/**
 * The conversation's model picker: Anthropic's models first (the default), then each added
 * provider's, listed by its server (or the names the person typed when it lists none or
 * cannot be reached), each with its price when the price table knows it, else null
 * ("unknown": never a made-up cost).
 */
import type { ModelGroupView, PickerModel } from "../../../shared/providers-types";
import { ANTHROPIC_PROVIDER_ID } from "../../../shared/providers-types";
import type { PriceTable } from "../../../shared/usage-types";
import type { ModelList } from "../models/models";
import { priceOf } from "../models/prices";
import type { ProvidersService } from "./providers-service";

const LIST_TIMEOUT_MS = 5_000;

export async function modelGroups(anthropic: ModelList, providers: ProvidersService, prices: PriceTable): Promise<ModelGroupView[]> {
  const priced = (id: string, name = id): PickerModel => ({ id, name, price: priceOf(prices, id) });
  const first = anthropic.list().then(({ models }): ModelGroupView => ({ providerId: ANTHROPIC_PROVIDER_ID, providerName: "Anthropic", models: models.map((m) => priced(m.id, m.name)) }));
  const others = providers.list().map(async (config): Promise<ModelGroupView> => {
    const group: ModelGroupView = { providerId: config.id, providerName: config.name, models: [] };
    let listed: string[] = [];
    try {
      listed = (await providers.modelProvider(config.id, { timeoutMs: LIST_TIMEOUT_MS, maxRetries: 0 }).models()).map((m) => m.id);
    } catch (error) {
      group.problem = error instanceof Error ? error.message.split("\n")[0] : String(error);
    }
    group.models = [...new Set([...listed, ...config.models])].map((id) => priced(id));
    return group;
  });
  return Promise.all([first, ...others]);
}
