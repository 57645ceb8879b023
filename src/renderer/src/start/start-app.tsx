/**
 * The app itself, loaded after the first request is out (see main.ts): route the main
 * process's events into the store, put the first screen's data in it, announce `alpine:ready`,
 * and render the app once with that data.
 */
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { setApi } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { App } from "../components/App";
import { markFirstScreenShown } from "../lib/first-screen";
import { loadHighlighter } from "../markdown/highlighter";
import { useAppStore } from "../store/app-store";
import { applyLaunch, loadInterrupted, loadLaunchUsage } from "../store/launch";
import type { EarlyStart } from "./first-request";
import { takePendingStart } from "./pending-start";
import type { KeptScreen } from "./kept-screen";
import { keepFirstScreen } from "./keep-first-screen";
import { afterContentfulPaint } from "./after-contentful-paint";
import { takeKeptConversation } from "./kept-conversation";
import { carryOutKeptScreenChoices, draftFromKeptScreen } from "./kept-screen-choices";
import { applyLanguage } from "../i18n/apply-language";
import type { ShownLanguage } from "../i18n/start-language";

export function startApp(rootElement: HTMLElement, { chosen, takeOver }: EarlyStart, kept: KeptScreen | null, language: ShownLanguage): void {
  const { api, transport, onConnectionLost } = chosen;
  setApi(api);
  onConnectionLost?.(() => {
    useAppStore.getState().markConnectionLost();
    emitAppEvent("connection-lost", { transport });
  });
  const root = createRoot(rootElement);
  const firstScreenShown = () => {
    void api.request("app:shown", {}).catch(() => undefined);
    markFirstScreenShown(); // the model list, prices, storage status and database check go next
    loadLaunchUsage();
    void loadInterrupted();
    void useAppStore.getState().loadTools(); // tool cards name MCP servers; never awaited by the first paint
    void useAppStore.getState().takeDeepLinks(); // alpine:// links that came before this window could hear of them
    void useAppStore.getState().loadDesktopStatus(); // a shortcut refused at launch is said now
    void loadHighlighter();
    keepFirstScreen(rootElement); // for the next launch's first paint
  };
  takeOver((item) => {
    if (item.kind === "event") {
      emitAppEvent("event", item.event);
      useAppStore.getState().handleAppEvent(item.event);
      return;
    }
    // The words first: what the launch puts on screen (a notice that it failed too) is in the language shown.
    applyLanguage(language.code, language.catalogue, item.outcome.ok ? item.outcome.launch.settings.language : "system");
    const launched = applyLaunch(item.outcome);
    const choices = kept?.takeChoices();
    draftFromKeptScreen(choices);
    emitAppEvent("ready", { transport, ...launched });
    // The kept conversation's rows stay on screen in the live pane while the first render makes the
    // sidebar live; its own list comes in the next task (kept-conversation.ts says why).
    const openId = useAppStore.getState().openId;
    const chosenElsewhere = choices !== undefined && "open" in choices && choices.open !== openId;
    if (kept && openId && openId === kept.conversationId && !chosenElsewhere) takeKeptConversation(rootElement, openId);
    // The kept screen gives way to the live one in this same task: no frame between them.
    rootElement.replaceChildren();
    // Rendered at once, not in a task of React's scheduler: see the end of this file.
    flushSync(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    // Once the first screen is painted, what it does not show: the main process starts what waited
    // for it (MCP servers), then the usage totals, the interrupted runs, the tools, the highlighter.
    // Painted: two frames after the render, and its first contentful paint listed (after-contentful-paint.ts).
    requestAnimationFrame(() => requestAnimationFrame(() => afterContentfulPaint(firstScreenShown)));
    // What the person did on the kept screen meanwhile: a conversation chosen, words sent.
    void carryOutKeptScreenChoices(choices);
  });
}

/*
 * Started while this chunk runs, not once its import has resolved: main.ts runs the chunk once
 * the first screen's data is in, so the first render is part of the chunk's evaluation. Chromium
 * keeps a module's compiled code (its code cache, `codeCache: true` on `app://`) as it is right
 * after the module's evaluation: the first render's functions are then in it, and a later launch
 * takes them from the cache instead of compiling them during its first render.
 */
const pending = takePendingStart();
if (pending) startApp(pending.rootElement, pending.early, pending.kept, pending.language);
