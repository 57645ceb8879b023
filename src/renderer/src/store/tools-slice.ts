/**
 * Settings → Tools: the MCP servers and their tools as main reports them (secrets masked),
 * and the person's changes. Every change goes to main, which checks it whole; the view
 * comes back, and `mcp_changed` events keep it current while servers start or change.
 */
import type { StateCreator } from "zustand";
import type { RequestArgs } from "../../../shared/ipc-contract";
import type { McpConfigReview, McpSettingsView, McpToolOriginView } from "../../../shared/mcp-types";
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { t } from "../i18n/i18n";
import { describeError } from "../lib/describe-error";
import type { AppState } from "./app-store";

type ToolsChannel =
  | "tools:addServer"
  | "tools:importConfig"
  | "tools:removeServer"
  | "tools:setServer"
  | "tools:setTool"
  | "tools:setCallTimeout"
  | "tools:restartServer"
  | "tools:installBundle"
  | "tools:configureBundle"
  | "tools:setRegistryUrl";

export interface ToolsSlice {
  tools: McpSettingsView | null;
  /** The last change main refused: its message names what is wrong and where. */
  toolsError: string | null;
  toolsBusy: boolean;
  loadTools(): Promise<void>;
  applyTools(view: McpSettingsView): void;
  /** Send one change; true when main accepted it. */
  changeTools<C extends ToolsChannel>(channel: C, args: RequestArgs<C>): Promise<boolean>;
  serverLog(name: string): Promise<string[]>;
  /** What a pasted configuration would run (nothing is added); null when main refused it (toolsError says why). */
  reviewToolsConfig(text: string): Promise<McpConfigReview | null>;
}

export const createToolsSlice: StateCreator<AppState, [], [], ToolsSlice> = (set, get) => ({
  tools: null,
  toolsError: null,
  toolsBusy: false,

  async loadTools() {
    try {
      get().applyTools(await api().request("tools:get", {}));
    } catch (error) {
      set({ toolsError: t("settings.tools.loadFailed", { reason: describeError(error) }) });
    }
  },

  applyTools(view) {
    set({ tools: view });
    emitAppEvent("tools-changed", { servers: view.servers.map((s) => ({ name: s.name, status: s.status, tools: s.tools.length, pid: s.pid })) });
  },

  async changeTools(channel, args) {
    set({ toolsBusy: true, toolsError: null });
    try {
      const view = (await api().request(channel, args)) as McpSettingsView;
      set({ toolsBusy: false });
      get().applyTools(view);
      emitAppEvent("tools-saved", { channel });
      return true;
    } catch (error) {
      set({ toolsBusy: false, toolsError: describeError(error) });
      emitAppEvent("error", { where: channel, message: describeError(error) });
      return false;
    }
  },

  async reviewToolsConfig(text) {
    set({ toolsBusy: true, toolsError: null });
    try {
      const review = await api().request("tools:reviewConfig", { text });
      set({ toolsBusy: false });
      return review;
    } catch (error) {
      set({ toolsBusy: false, toolsError: describeError(error) });
      return null;
    }
  },

  async serverLog(name) {
    try {
      return await api().request("tools:stderr", { name });
    } catch (error) {
      return [t("settings.tools.logFailed", { reason: describeError(error) })];
    }
  },
});
