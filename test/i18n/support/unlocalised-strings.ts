/**
 * Finds the words a person would read that do not come from a catalogue: the TypeScript
 * compiler reads a source file and names every literal in a place that reaches the screen
 * (JSX text, text attributes, toast and dialog calls, menu and dialog options, sentences).
 * Whatever is not words is let through: punctuation, symbols, numbers, the names "Alpine" and "Anthropic" (names are not translated),
 * URLs, and the code identifiers of class names, data attributes, keys, ids and CSS.
 */
import ts from "typescript";

export type FindingKind = "jsx-text" | "jsx-expression" | "attribute" | "property" | "call" | "text-function" | "sentence";

export interface Finding {
  file: string;
  line: number;
  kind: FindingKind;
  text: string;
}

/** Where a rule applies: the window's words, or the main process's menus, dialogs and notifications. */
export interface ScanRules {
  /** JSX attributes and component props whose value is read (or heard) by a person. */
  textAttribute(name: string): boolean;
  /** Object literal properties whose value a person reads (menu labels, dialog options, section names). */
  textProperties: ReadonlySet<string>;
  /** Calls whose argument at this index is shown to a person (toasts, confirms, error boxes, tooltips). */
  textCalls: Readonly<Record<string, number[]>>;
  /** Whether any other literal that reads as a sentence counts too. */
  sentences: boolean;
}

const ATTRIBUTE = /^(aria-label|aria-description|aria-roledescription|aria-valuetext|aria-placeholder|title|placeholder|alt|label|legend|heading|description|hint|\w*(Label|Text|Title|Message|Description))$/;

export const RENDERER_RULES: ScanRules = {
  textAttribute: (name) => ATTRIBUTE.test(name),
  textProperties: new Set(["label", "title", "description", "placeholder", "hint", "heading", "ariaLabel", "confirmLabel", "submitLabel", "emptyText"]),
  textCalls: { showToast: [1], toastFailure: [1], confirm: [0], alert: [0], prompt: [0], announce: [0] },
  sentences: true,
};

export const MAIN_RULES: ScanRules = {
  textAttribute: () => false,
  textProperties: new Set(["label", "sublabel", "toolTip", "title", "message", "detail", "body", "buttons", "checkboxLabel", "buttonLabel", "nameFieldLabel"]),
  textCalls: { showErrorBox: [0, 1], setToolTip: [0], setTitle: [0], setAccessibilityDescription: [0] },
  sentences: false,
};

/** A function whose name says it makes words (`trayTooltip`, `noticeBody`, `updateStatusText`): everything it writes is read. */
const TEXT_FUNCTION = /(Text|Title|Body|Tooltip|Label|Message|Detail|Description|Summary|Sentence)$/;

/** One lower-case token (`path`, `runs:edit`, `text_delta`): a code word, even inside a function that makes text. */
const CODE_WORD = /^[a-z][a-zA-Z0-9]*([_:.\-][a-zA-Z0-9]+)*$/;

const LETTER = /\p{L}/u;
/** A stand-in for `${…}`: not a letter, so a template made only of values is no words. */
const HOLE = "\u0000";

/** Whether a text holds words a person would read (not only symbols, numbers, the name, a URL). */
export function hasWords(text: string): boolean {
  const trimmed = text.trim();
  if (/^(https?:\/\/|mailto:|file:\/\/|alpine:\/\/)\S*$/i.test(trimmed)) return false;
  return LETTER.test(trimmed.replace(/\b(?:Alpine|Anthropic)\b/g, ""));
}

/** Whether a literal reads as a sentence: two words or more, and a capital at the start or a stop at the end. */
export function readsAsSentence(text: string): boolean {
  const trimmed = text.trim();
  const words = trimmed.split(/[\s\u0000]+/).filter((word) => /^\p{L}[\p{L}'’-]*[.,:;!?…]?$/u.test(word));
  if (words.length < 2 || !/\s/.test(trimmed)) return false;
  return /^\p{Lu}/u.test(trimmed) || /[.?!…:]$/.test(trimmed);
}

/** The literal text of a string or template (each `${…}` a hole), or null for any other expression. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join("");
  return null;
}

/** The literals an expression can evaluate to: both arms of `?:`, the sides of `&&`, `||`, `??`, parentheses. */
function textLeaves(node: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return textLeaves(node.expression);
  if (ts.isConditionalExpression(node)) return [...textLeaves(node.whenTrue), ...textLeaves(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return textLeaves(node.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) return [...textLeaves(node.left), ...textLeaves(node.right)];
    if (op === ts.SyntaxKind.PlusToken) return [...textLeaves(node.left), ...textLeaves(node.right)];
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((element) => (ts.isSpreadElement(element) ? [] : textLeaves(element)));
  return literalText(node) === null ? [] : [node];
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

function propertyName(name: ts.PropertyName): string | null {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
}

/** Places where a literal is a code word by construction: modules, keys, types, comparisons, catalogue look-ups. */
function isCodePosition(node: ts.Node): boolean {
  let value = node;
  while (isPassThrough(value.parent, value)) value = value.parent;
  const parent = value.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent.parent ?? parent)) return true;
  if (ts.isLiteralTypeNode(parent) || (ts.isPropertyAssignment(parent) && parent.name === value)) return true;
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return true;
  if (ts.isElementAccessExpression(parent) || ts.isCaseClause(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isJsxAttribute(parent)) return true; // attributes are judged by name, elsewhere
  if (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.InKeyword].includes(parent.operatorToken.kind)) return true;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    const name = calleeName(parent);
    return name !== null && /^(t|require|emitAppEvent|addEventListener|removeEventListener|querySelector|querySelectorAll|getElementById|createElement|matchMedia|getPropertyValue|setProperty|invoke|on|off|once|send|emit|startsWith|endsWith|includes|split|replace|replaceAll|join|Symbol|Error|TypeError|RangeError|debug|log|warn|info|error)$/.test(name);
  }
  return false;
}

/** Whether a value flows through `parent` unchanged: parentheses, `as`, either arm of `?:`, a side of `&&` `||` `??`. */
function isPassThrough(parent: ts.Node, child: ts.Node): boolean {
  if (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) return true;
  if (ts.isConditionalExpression(parent)) return child !== parent.condition;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    return op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken;
  }
  return false;
}

/** Every literal of one file that a person would read and that no catalogue gave. */
export function findUnlocalisedStrings(file: string, text: string, rules: ScanRules): Finding[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Finding[] = [];
  const reported = new Set<ts.Node>();
  const report = (node: ts.Node, findingKind: FindingKind, words: string) => {
    if (reported.has(node) || !hasWords(words)) return;
    reported.add(node);
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ file, line, kind: findingKind, text: words.replaceAll(HOLE, "{…}").replace(/\s+/g, " ").trim() });
  };
  const reportLeaves = (expression: ts.Expression | undefined, findingKind: FindingKind) => {
    if (!expression) return;
    for (const leaf of textLeaves(expression)) report(leaf, findingKind, literalText(leaf)!);
  };

  const visit = (node: ts.Node, inTextFunction: boolean) => {
    let textFunction = inTextFunction;
    if (ts.isJsxText(node)) report(node, "jsx-text", node.text);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) reportLeaves(node.expression, "jsx-expression");
    else if (ts.isJsxAttribute(node) && rules.textAttribute(node.name.getText(source))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) report(value, "attribute", value.text);
      else if (value && ts.isJsxExpression(value)) reportLeaves(value.expression, "attribute");
    } else if (ts.isPropertyAssignment(node) && rules.textProperties.has(propertyName(node.name) ?? "")) reportLeaves(node.initializer, "property");
    else if (ts.isPropertyAssignment(node) && propertyName(node.name) === "name" && isFileFilter(node.parent)) reportLeaves(node.initializer, "property");
    else if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = calleeName(node) ?? "";
      const indexes = Object.hasOwn(rules.textCalls, callee) ? rules.textCalls[callee]! : [];
      for (const index of indexes) reportLeaves(node.arguments?.[index], "call");
    }
    const name = functionName(node);
    if (name !== null) textFunction = TEXT_FUNCTION.test(name);
    const words = literalText(node);
    if (words !== null && !isCodePosition(node) && !inTypeScope(node)) {
      if (textFunction && !CODE_WORD.test(words)) report(node, "text-function", words);
      else if (rules.sentences && readsAsSentence(words)) report(node, "sentence", words);
    }
    ts.forEachChild(node, (child) => visit(child, textFunction));
  };
  visit(source, false);
  return found.sort((a, b) => a.line - b.line);
}

/** An Electron file dialog's filter (`{ name, extensions }`): its name is shown in the dialog. */
function isFileFilter(node: ts.Node): boolean {
  return ts.isObjectLiteralExpression(node) && node.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === "extensions");
}

function functionName(node: ts.Node): string | null {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent)) return node.parent.name.getText();
  return null;
}

function inTypeScope(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isTypeNode(at) || ts.isTypeAliasDeclaration(at) || ts.isInterfaceDeclaration(at)) return true;
    if (ts.isStatement(at) || ts.isSourceFile(at)) return false;
  }
  return false;
}
