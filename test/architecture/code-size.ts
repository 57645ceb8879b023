/**
 * Measures the project's source: how long each function is (declarations, arrow functions
 * and function expressions, methods, constructors, accessors, React components) and how
 * long each file is, so a test can name whatever grows past the limits.
 */
import ts from "typescript";

export const MAX_FUNCTION_LINES = 80;
export const MAX_FILE_LINES = 300;

export interface FunctionSize {
  file: string;
  /** As a reader finds it: `parseInline`, `SqliteStore.constructor`, `Sidebar`, `(arrow in useList)`. */
  name: string;
  /** First line (1-based), from the function's own text, leading comments not counted. */
  line: number;
  lines: number;
}

/** Every function in one file's text, outermost first. */
export function functionSizes(file: string, text: string): FunctionSize[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: FunctionSize[] = [];
  const visit = (node: ts.Node, enclosing: string | null) => {
    let inner = enclosing;
    if (isFunctionLike(node)) {
      const name = functionName(node, enclosing);
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ file, name, line: start + 1, lines: end - start + 1 });
      inner = name;
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, null);
  return out;
}

/** How many lines a file's text has (a final newline does not start another). */
export function fileLines(text: string): number {
  if (text.length === 0) return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isFunctionLike(node: ts.Node): node is FunctionNode {
  // Declarations without a body (overloads, abstract and interface members) have no length to speak of.
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

function functionName(node: FunctionNode, enclosing: string | null): string {
  const own = ownName(node);
  if (own) {
    const owner = ts.isClassLike(node.parent) ? node.parent.name?.text : undefined;
    return owner ? `${owner}.${own}` : own;
  }
  const what = ts.isArrowFunction(node) ? "arrow" : "function";
  return enclosing ? `(${what} in ${enclosing})` : `(${what})`;
}

function ownName(node: FunctionNode): string | null {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText();
  // `const Sidebar = () => ...`, `{ send: async () => ... }`, `x.onload = function () {}`,
  // and wrapped ones such as `const Pane = memo(function () {...})`.
  let parent: ts.Node = node.parent;
  while (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent) || isWrapperCall(parent, node)) {
    node = parent as FunctionNode;
    parent = parent.parent;
  }
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && !ts.isComputedPropertyName(parent.name)) {
    const owner = ts.isPropertyDeclaration(parent) && ts.isClassLike(parent.parent) ? parent.parent.name?.text : undefined;
    return owner ? `${owner}.${parent.name.getText()}` : parent.name.getText();
  }
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return parent.left.getText();
  if (ts.isExportAssignment(parent)) return "default";
  return null;
}

/** `memo(fn)`, `forwardRef(fn)`: the function is the component the name refers to. */
function isWrapperCall(parent: ts.Node, node: ts.Node): boolean {
  return ts.isCallExpression(parent) && parent.arguments.length === 1 && parent.arguments[0] === node && /^(memo|forwardRef|React\.memo|React\.forwardRef)$/.test(parent.expression.getText());
}
