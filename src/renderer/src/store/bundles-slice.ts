/**
 * MCP Bundles and the registry in Settings → Tools: a bundle file opened (the open dialog,
 * or a file dropped on the window) is checked by main and shown for review; installing or
 * changing its settings sends them to main (sensitive values go to main only and never come
 * back). The registry browser reads search results and a server's page; its Add fills the
 * add-server form, which the person confirms.
 */
import type { StateCreator } from "zustand";
import type { BundleReview, BundleSettingValue } from "../../../shared/mcp-bundle-types";
import type { RegistryFormView, RegistrySearchView, RegistryServerPage } from "../../../shared/mcp-registry-types";
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { describeError } from "../lib/describe-error";
import type { AppState } from "./app-store";

export interface BundlesSlice {
  /** The bundle shown for review (nothing installed yet). */
  bundleReview: BundleReview | null;
  bundleError: string | null;
  /** Ask main's open dialog for a .mcpb file and review it. */
  openBundleFile(): Promise<void>;
  /** Review a .mcpb file dropped on the window: opens Settings at Tools. */
  reviewDroppedBundle(file: File): Promise<void>;
  closeBundleReview(): void;
  /** A bundle the system opened with the app, reviewed by main (or refused): shown in Settings → Tools. */
  showOpenedBundle(opened: { review: BundleReview } | { error: string }): void;
  installBundle(settings: Record<string, BundleSettingValue>): Promise<boolean>;
  configureBundle(name: string, settings: Record<string, BundleSettingValue>): Promise<boolean>;
  registryResults: RegistrySearchView | null;
  registryPage: RegistryServerPage | null;
  registryError: string | null;
  searchRegistry(query: string): Promise<void>;
  openRegistryServer(name: string): Promise<void>;
  /** What the registry's Add put in the add-server form, for the person to confirm. */
  serverPrefill: RegistryFormView | null;
  setServerPrefill(form: RegistryFormView | null): void;
}

export const createBundlesSlice: StateCreator<AppState, [], [], BundlesSlice> = (set, get) => {
  const review = async (load: () => Promise<BundleReview | null>) => {
    set({ bundleError: null, toolsBusy: true });
    try {
      const opened = await load();
      set({ toolsBusy: false, ...(opened ? { bundleReview: opened } : {}) });
      if (opened) emitAppEvent("bundle-reviewed", { id: opened.id, version: opened.version, serverName: opened.serverName });
    } catch (error) {
      set({ toolsBusy: false, bundleReview: null, bundleError: describeError(error) });
      emitAppEvent("error", { where: "bundle", message: describeError(error) });
    }
  };
  return {
    bundleReview: null,
    bundleError: null,
    registryResults: null,
    registryPage: null,
    registryError: null,
    serverPrefill: null,

    openBundleFile: () => review(() => api().request("tools:openBundle", {})),

    async reviewDroppedBundle(file) {
      if (!get().settingsOpen) get().setSettingsOpen(true);
      const data = await fileBase64(file);
      await review(() => api().request("tools:reviewBundle", { name: file.name, data }));
    },

    closeBundleReview: () => set({ bundleReview: null, bundleError: null }),

    showOpenedBundle(opened) {
      if (!get().settingsOpen) get().setSettingsOpen(true);
      set("review" in opened ? { bundleReview: opened.review, bundleError: null } : { bundleReview: null, bundleError: opened.error });
    },

    async installBundle(settings) {
      const current = get().bundleReview;
      if (!current) return false;
      const ok = await get().changeTools("tools:installBundle", { reviewId: current.reviewId, settings });
      if (ok) set({ bundleReview: null });
      return ok;
    },

    configureBundle: (name, settings) => get().changeTools("tools:configureBundle", { name, settings }),

    async searchRegistry(query) {
      set({ registryError: null, registryPage: null });
      try {
        set({ registryResults: await api().request("tools:registrySearch", { query }) });
      } catch (error) {
        set({ registryResults: null, registryError: describeError(error) });
      }
    },

    async openRegistryServer(name) {
      set({ registryError: null });
      try {
        set({ registryPage: await api().request("tools:registryServer", { name }) });
      } catch (error) {
        set({ registryError: describeError(error) });
      }
    },

    setServerPrefill: (form) => set({ serverPrefill: form }),
  };
};

async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
