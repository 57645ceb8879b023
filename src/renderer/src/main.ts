/**
 * The window's entry, kept small: connect to the main process and ask for the first screen at
 * once, then load the app (start/start-app.tsx) while the main process answers. The styles
 * load with the page, so the first frame already has them.
 */
import { chooseApi } from "./api/choose-api";
import { PAGE_SIZE } from "./store/list/page-size";
import { showFatal } from "./start/fatal";
import { requestFirstScreen } from "./start/first-request";
import { findKeptScreen } from "./start/kept-screen";
import { keepPendingStart } from "./start/pending-start";
import { warmUpIntl } from "./start/warm-up-intl";
import "./styles/index.css";

const rootElement = document.getElementById("root")!;

try {
  const early = requestFirstScreen(chooseApi(), PAGE_SIZE);
  warmUpIntl();
  // The app chunk (preloaded by the page meanwhile) runs once the launch's answer is in, and starts
  // the app itself as it runs: the first render is then part of its evaluation (start-app.tsx says why).
  keepPendingStart({ rootElement, early, kept: findKeptScreen(rootElement) });
  early.launched.then(() => import("./start/start-app")).catch((error: unknown) => showFatal(rootElement, error));
} catch (error) {
  showFatal(rootElement, error);
}
