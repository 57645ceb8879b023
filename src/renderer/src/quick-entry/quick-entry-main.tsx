/**
 * The quick-entry window's entry: the same connection to the main process as the main window
 * (the preload's, or the test host's WebSocket), and one component.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { chooseApi } from "../api/choose-api";
import { showFatal } from "../start/fatal";
import { QuickEntry } from "./QuickEntry";
import { startQuickEntryLanguage } from "./quick-entry-language";
import "../styles/tokens.css";
import "../styles/base.css";
import "../styles/controls.css";
import "../styles/attachments.css";
import "../styles/quick-entry.css";

const rootElement = document.getElementById("root")!;
try {
  const { api } = chooseApi();
  // Its words first (a small chunk of its own), then the window.
  startQuickEntryLanguage(api)
    .then(() =>
      createRoot(rootElement).render(
        <StrictMode>
          <QuickEntry api={api} />
        </StrictMode>,
      ),
    )
    .catch((error: unknown) => showFatal(rootElement, error));
} catch (error) {
  showFatal(rootElement, error);
}
