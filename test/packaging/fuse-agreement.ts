/**
 * What the app's code relies on that an Electron fuse turns off: for each fuse set in
 * electron-builder.yml, the code (comments aside) must not use what the fuse disables.
 * https://www.electronjs.org/docs/latest/tutorial/fuses
 */
import ts from "typescript";

export interface FuseRule {
  /** The electronFuses key, and the value that turns the feature off. */
  fuse: string;
  off: boolean;
  what: string;
  pattern: RegExp;
}

export const FUSE_RULES: FuseRule[] = [
  // With runAsNode off, ELECTRON_RUN_AS_NODE is ignored: the child is a second copy of the app.
  { fuse: "runAsNode", off: false, what: "ELECTRON_RUN_AS_NODE (the app run as plain Node)", pattern: /ELECTRON_RUN_AS_NODE/ },
  // Setting or reading them (env.NODE_OPTIONS, { NODE_OPTIONS: … }, env["NODE_OPTIONS"]); a pattern that
  // only names them, as the MCP configuration review does to warn of them, relies on nothing.
  { fuse: "enableNodeOptionsEnvironmentVariable", off: false, what: "NODE_OPTIONS / NODE_EXTRA_CA_CERTS", pattern: /\.(NODE_OPTIONS|NODE_EXTRA_CA_CERTS)\b|\b(NODE_OPTIONS|NODE_EXTRA_CA_CERTS)["'`]?\s*[:=]|\[\s*["'`](NODE_OPTIONS|NODE_EXTRA_CA_CERTS)["'`]\s*\]/ },
  { fuse: "enableNodeCliInspectArguments", off: false, what: "--inspect arguments", pattern: /--inspect(-brk|-port)?\b/ },
  // file:// pages get no extra powers: the window is served from app://, never loaded from a file.
  { fuse: "grantFileProtocolExtraPrivileges", off: false, what: "pages loaded from file:// (loadFile, file:// URLs, file protocol handlers)", pattern: /\.loadFile\(|["'`]file:\/\/|registerFileProtocol|interceptFileProtocol|protocol\.handle\(\s*["'`]file["'`]/ },
];

/** The text without its comments (comments may name what a fuse turns off, to say why it is not used). */
export function withoutComments(text: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  let out = "";
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) continue;
    out += scanner.getTokenText();
  }
  return out;
}

/** The rules a file's code breaks under the given fuses. */
export function relianceOnOffFuses(code: string, fuses: Record<string, boolean>): FuseRule[] {
  const text = withoutComments(code);
  return FUSE_RULES.filter((rule) => fuses[rule.fuse] === rule.off && rule.pattern.test(text));
}
