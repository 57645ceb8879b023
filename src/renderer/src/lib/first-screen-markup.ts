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

  // Copied element by element, leaving out what is far from the view as it goes: a deep copy of
  // the whole app copied a long reply's every block first (a 200 KB reply: a 50 ms task).
  const copy = copyKept(app, farOutOfView(app));
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

/**
 * The parts of the two lists that may lie far out of view (a launch shows the sidebar from its
 * top, the conversation from its end): the sidebar's rows, the conversation's rows, and a long
 * reply's groups of blocks, its blocks and a code block's groups of lines, each only inside a
 * part near the view.
 */
const SIDEBAR_ROWS = ".sidebar .virtual-list__row";
const CONVERSATION_ROWS = ".conversation__row";
const PARTS_OF_A_ROW = ".markdown__group, .markdown__block, .code-block__lines";

/**
 * Those of the parts that lie more than a view's height beyond the view (a window opened taller
 * still finds its screen filled): below the sidebar's, above the conversation's. A long reply in
 * view is kept by its groups, blocks and lines of code near the view, not whole. A block in a
 * far group is never measured: the browser skips laying out an off-screen group
 * (.markdown__group), and measuring one of its blocks would make it lay the group out.
 */
function farOutOfView(app: Element): Set<Element> {
  const far = new Set<Element>();
  const sidebar = app.querySelector(".sidebar .virtual-list")?.getBoundingClientRect();
  if (sidebar) {
    for (const row of app.querySelectorAll(SIDEBAR_ROWS)) if (row.getBoundingClientRect().top > sidebar.bottom + sidebar.height) far.add(row);
  }
  const conversation = app.querySelector(".conversation__scroller")?.getBoundingClientRect();
  if (!conversation) return far;
  const above = (element: Element) => element.getBoundingClientRect().bottom < conversation.top - conversation.height;
  for (const row of app.querySelectorAll(CONVERSATION_ROWS)) {
    if (above(row)) {
      far.add(row);
      continue;
    }
    for (const part of row.querySelectorAll(PARTS_OF_A_ROW)) {
      // Left out with the part it is in (and never measured): noted so that the parts inside it are too.
      const inside = part.parentElement?.closest(PARTS_OF_A_ROW);
      if ((inside && far.has(inside)) || above(part)) far.add(part);
    }
  }
  return far;
}

/** A copy of `element` without the parts in `far` and what only lives in this session (LEFT_OUT). */
function copyKept(element: Element, far: Set<Element>): Element {
  const copy = element.cloneNode(false) as Element;
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (!(child instanceof Element)) copy.appendChild(child.cloneNode(false));
    else if (!far.has(child) && !child.matches(LEFT_OUT)) copy.appendChild(copyKept(child, far));
  }
  writePropertiesIntoAttributes(element, copy);
  return copy;
}

/** A select's choice and a field's value are properties, not attributes: a copy would lose them. */
function writePropertiesIntoAttributes(element: Element, copy: Element): void {
  if (element instanceof HTMLSelectElement) {
    copy.querySelectorAll("option").forEach((option, j) => option.toggleAttribute("selected", j === element.selectedIndex));
  } else if (element instanceof HTMLInputElement && element.type !== "file") {
    if (element.type === "checkbox" || element.type === "radio") copy.toggleAttribute("checked", element.checked);
    else copy.setAttribute("value", element.value);
  }
}

function keepOnlyInertAttributes(element: Element): void {
  for (const name of element.getAttributeNames()) {
    if (name === "style" || name.startsWith("on") || name === "autofocus" || name === "contenteditable") element.removeAttribute(name);
  }
}
