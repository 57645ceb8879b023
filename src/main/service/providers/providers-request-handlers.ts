/** The providers' channels of the contract (Settings → Models and the model picker), in the dispatcher's table. */
import type { ProvidersRequestResults } from "../../../shared/providers-contract";
import type { AlpineService } from "../alpine-service";
import type { RequestHandlers } from "../request-handler-types";
import { modelGroups } from "./model-groups";
import { testProvider } from "./provider-test";

type ProvidersChannel = keyof ProvidersRequestResults;

export function providersRequestHandlers(service: AlpineService): Pick<RequestHandlers, ProvidersChannel> {
  const providers = service.providers;
  return {
    "providers:get": () => providers.view(),
    "providers:add": (input) => providers.add(input),
    "providers:edit": ({ id, ...change }) => providers.edit(id, change),
    "providers:setKey": ({ id, apiKey }) => providers.setKey(id, apiKey),
    "providers:remove": ({ id }) => providers.remove(id),
    "providers:test": ({ id, model }) => testProvider(providers.modelProvider(id, { timeoutMs: 20_000, maxRetries: 0 }), providers.config(id).models, model),
    "models:groups": () => modelGroups(service.models, providers, service.prices.table()),
  };
}
