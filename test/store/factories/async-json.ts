/** Opens the async-only test store for the conformance suite and its child processes. */
import { AsyncJsonStore } from "../async-json-store";

export const makeStore = (location: string) => new AsyncJsonStore(location);
