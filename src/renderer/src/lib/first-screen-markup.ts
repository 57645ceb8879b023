/**
 * The first screen as markup to keep for the next launch, whose page is served with it (the
 * main process's kept-first-screen.ts) and shows it until the app is live. Made from the app's
 * element at rest: without what only lives in this session (dialogs, notices, toasts, the
 * announcer), without inline styles (the page's policy refuses them in markup, so the kept
 * lists are laid out in flow by first-screen.css), with the state that lives in properties
 * written into attributes (a select's choice), and with its controls disabled but the few
 * whose click the app carries out once live (a conversation of the sidebar, New conversation,
 * the message field).
 */
const LEFT_OUT = [
  "[role=dialog]",
  "dialog",
  ".toasts",
  ".connection-lost",
  "[data-testid=new-messages]",
  ".conversation__space",
  ".conversation__start",
  // Shown only on hover, and 40 % of the markup: the rows' rename and delete buttons.
  ".conversation-row__actions",
  // A reply that ended, hidden and taken down a few blocks per frame: its saved row shows it.
  ".conversation__row--leaving",
  "script, style, link, meta, iframe, frame, object, embed, template, noscript",
].join(", ");

/** Controls a person may use on the kept screen: the app does what they asked once it is live. */
export const KEPT_SCREEN_ACTIONS = ".conversation-row__open, [data-first-screen=new-conversation], .composer__field";

/** Why no markup was made: the screen is not at rest, or not as a launch would show it. */
export type NotAtRest = "no-app" | "searching" | "scrolled-sidebar" | "scrolled-conversation";

export function firstScreenMarkup(app: Element): { html: string } | { notAtRest: NotAtRest } {
  if (!app.classList.contains("app")) return { notAtRest: "no-app" };
  // A launch shows the whole list, from its top, and the conversation at its end.
  if (app.querySelector<HTMLInputElement>(".search__input")?.value) return { notAtRest: "searching" };
  const sidebar = app.querySelector(".sidebar .virtual-list");
  if (sidebar && sidebar.scrollTop > 1) return { notAtRest: "scrolled-sidebar" };
  const scroller = app.querySelector(".conversation__scroller");
  if (scroller && scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop > 4) return { notAtRest: "scrolled-conversation" };

  const unseen = farOutOfView(app);
  const copy = app.cloneNode(true) as Element;
  copy.querySelectorAll(PARTS_IN_VIEW_OR_NOT).forEach((element, i) => unseen.has(i) && element.remove());
  writePropertiesIntoAttributes(app, copy);
  for (const element of copy.querySelectorAll(LEFT_OUT)) element.remove();
  for (const element of [copy, ...copy.querySelectorAll("*")]) keepOnlyInertAttributes(element);
  for (const control of copy.querySelectorAll("button, select, input, textarea")) {
    if (control.matches(KEPT_SCREEN_ACTIONS) || control.hasAttribute("disabled")) continue;
    control.setAttribute("disabled", "");
    control.setAttribute("data-kept-disabled", ""); // waits for the app, drawn as it will be
  }
  // The next launch puts the keyboard in the message field at once, as the live app does.
  copy.querySelector(".composer__field")?.setAttribute("autofocus", "");
  // Laid out from its end when it filled the view (a short conversation starts at the top, as live).
  if (scroller && scroller.scrollHeight > scroller.clientHeight) copy.querySelector(".conversation__scroller")?.classList.add("first-screen__from-end");
  return { html: copy.outerHTML };
}

/** The parts of the two lists that may be far out of view: a launch shows the sidebar from its top, the conversation from its end. */
const PARTS_IN_VIEW_OR_NOT = ".sidebar .virtual-list__row, .conversation__row, .conversation__row .markdown__group, .conversation__row .markdown__block";

/**
 * Which of those parts (by their order in the app) lie more than a view's height beyond the view
 * (a window opened taller still finds its screen filled): below the sidebar's, above the
 * conversation's. A long reply in view is kept by its groups and blocks near the view, not whole.
 */
function farOutOfView(app: Element): Set<number> {
  const unseen = new Set<number>();
  const sidebar = app.querySelector(".sidebar .virtual-list")?.getBoundingClientRect();
  const conversation = app.querySelector(".conversation__scroller")?.getBoundingClientRect();
  app.querySelectorAll(PARTS_IN_VIEW_OR_NOT).forEach((element, i) => {
    const box = element.getBoundingClientRect();
    const far = element.classList.contains("virtual-list__row")
      ? sidebar && box.top > sidebar.bottom + sidebar.height
      : conversation && box.bottom < conversation.top - conversation.height;
    if (far) unseen.add(i);
  });
  return unseen;
}

/** A select's choice and a field's value are properties, not attributes: a copy would lose them. */
function writePropertiesIntoAttributes(app: Element, copy: Element): void {
  const selects = app.querySelectorAll("select");
  copy.querySelectorAll("select").forEach((select, i) => {
    const chosen = selects[i]?.selectedIndex ?? -1;
    select.querySelectorAll("option").forEach((option, j) => option.toggleAttribute("selected", j === chosen));
  });
  const inputs = app.querySelectorAll("input");
  copy.querySelectorAll("input").forEach((input, i) => {
    const source = inputs[i];
    if (!source || source.type === "file") return;
    if (source.type === "checkbox" || source.type === "radio") input.toggleAttribute("checked", source.checked);
    else input.setAttribute("value", source.value);
  });
}

function keepOnlyInertAttributes(element: Element): void {
  for (const name of element.getAttributeNames()) {
    if (name === "style" || name.startsWith("on") || name === "autofocus" || name === "contenteditable") element.removeAttribute(name);
  }
}
