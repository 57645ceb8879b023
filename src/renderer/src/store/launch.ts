/**
 * The window's launch: one `app:launch` request, sent before the app's code loads
 * (start/first-request.ts), brings what the first screen shows (settings, the sidebar's first
 * page, the conversation open at the last quit with its newest entries), put in the store
 * before anything else is asked. Afterwards: which conversations were cut
 * short, and the open conversation remembered at each change, for the next launch.
 */
import type { InterruptedRuns } from "../../../shared/view-types";
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { describeError } from "../lib/describe-error";
import { t } from "../i18n/i18n";
import { useAppStore } from "./app-store";
import { loadUsageIfMissing } from "./conversation/usage-loading";
import type { LaunchOutcome } from "../start/first-request";

export interface LaunchResult {
  hasApiKey: boolean;
  version: string | null;
  /** The conversation reopened, if any. */
  reopened: string | null;
}

/** Put the first screen's data (or why it did not come) in the store, before the app's first render. */
export function applyLaunch(outcome: LaunchOutcome): LaunchResult {
  const set = useAppStore.setState;
  if (!outcome.ok) {
    useAppStore.getState().showToast("error", t("toast.failure", { what: t("toast.firstScreenFailed"), why: describeError(outcome.error) }));
    rememberOpenConversation();
    return { hasApiKey: false, version: null, reopened: null };
  }
  const { launch } = outcome;
  set((s) => ({
    info: launch.info,
    settings: launch.settings,
    listPages: { 0: launch.list.items },
    listTotal: launch.list.total,
    listLoaded: true,
    listVersion: s.listVersion + 1,
    listError: null,
    ...(launch.open ? { openId: launch.open.summary.id, view: launch.open, viewLoading: false, viewError: null } : {}),
  }));
  rememberOpenConversation();
  return { hasApiKey: launch.settings.hasApiKey, version: launch.info.version, reopened: launch.open?.summary.id ?? null };
}

/** Tell the main process which conversation is open at each change, so the next launch reopens it. */
function rememberOpenConversation(): void {
  let remembered = useAppStore.getState().openId;
  useAppStore.subscribe((state) => {
    if (state.openId === remembered) return;
    const openConversationId = (remembered = state.openId);
    api()
      .request("window:remember", { openConversationId })
      .then(() => emitAppEvent("open-remembered", { id: openConversationId }))
      .catch(() => undefined); // A convenience: never worth a message.
  });
}

/**
 * The reopened conversation's usage totals, asked once the first screen is shown: they sum
 * the whole history, which the main process would otherwise read while the window renders.
 */
export function loadLaunchUsage(): void {
  const { view } = useAppStore.getState();
  if (view) loadUsageIfMissing(useAppStore.setState, useAppStore.getState, view.summary.id, view);
}

/** The conversations whose last run was cut short, asked for once the first screen is shown. */
export async function loadInterrupted(): Promise<InterruptedRuns | null> {
  try {
    const interrupted = await api().request("conversations:interrupted", {});
    useAppStore.setState({ interrupted: interrupted.count > 0 ? interrupted : null });
    return interrupted;
  } catch {
    return null;
  }
}
