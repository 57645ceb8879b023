/**
 * Quitting while runs are going asks first. Quitting is safe (each run stops and what it wrote
 * is saved, and Continue goes on after the next start), but a person who pressed Quit with a
 * reply still coming may not know it: the message box says how many run and what happens, and
 * Cancel keeps them going. Asked for the person's Quit only (menu, tray, Cmd+Q); a signal, an
 * update's restart or closing the window never asks. A message box with its buttons, the
 * default and the one Esc answers: https://www.electronjs.org/docs/latest/api/dialog#dialogshowmessageboxwindow-options
 */
import type { MessageBoxOptions } from "electron";
import type { Words } from "../service/words/words";

/** The buttons, in this order: Quit is the default (nothing is lost), Cancel answers Esc. */
export const QUIT_BUTTON = 0;
export const CANCEL_BUTTON = 1;

export function quitWhileRunningDialog(running: number, words: Words): MessageBoxOptions {
  return {
    type: "question",
    message: words.t("dialog.quitWhileRunning.message", { count: running }),
    detail: words.t("dialog.quitWhileRunning.detail"),
    buttons: [words.t("dialog.quitWhileRunning.quit"), words.t("dialog.quitWhileRunning.cancel")],
    defaultId: QUIT_BUTTON,
    cancelId: CANCEL_BUTTON,
    // Windows: plain buttons, not command links.
    noLink: true,
  };
}

export interface QuitConfirmationWiring {
  /** How many conversations run now (0 before the service is open). */
  running(): number;
  words(): Words;
  /** Electron's dialog.showMessageBox, on the main window when there is one. */
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
}

/** Whether the quit goes on: at once with nothing running, else as the person answers. */
export function quitConfirmation(wiring: QuitConfirmationWiring): () => Promise<boolean> {
  return async () => {
    const running = wiring.running();
    if (running === 0) return true;
    const { response } = await wiring.showMessageBox(quitWhileRunningDialog(running, wiring.words()));
    return response === QUIT_BUTTON;
  };
}
