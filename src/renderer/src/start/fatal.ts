/**
 * The window could not start (no connection to the main process, the app's code did not load):
 * say so in plain DOM, which needs nothing of the app's code.
 */
import { describeError } from "../lib/describe-error";

export function showFatal(root: HTMLElement, error: unknown): void {
  const box = document.createElement("div");
  box.className = "fatal";
  box.setAttribute("role", "alert");
  const heading = document.createElement("h1");
  heading.textContent = "Alpine could not start its window";
  const reason = document.createElement("p");
  reason.textContent = describeError(error);
  box.append(heading, reason);
  root.replaceChildren(box);
}
