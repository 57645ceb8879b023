// The Node that development, the tests and the benchmarks need: the major of Electron's own
// Node (Electron 45 runs Node 22), so what is tested is what the app's main process runs.
// 22.18 is the first 22 that strips TypeScript types by default, which a test of the updater
// relies on. Read by `npm start` and `npm test` before anything else, so an older Node gets one clear
// sentence instead of a crash deep inside a tool that needs a newer one. Run as a script
// (`node scripts/node-version.mjs`, as .ci/node.sh does), it exits 1 with that sentence.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const REQUIRED_NODE = { major: 22, minor: 18 };

/** Why this Node cannot run Alpine's scripts, or null when it can. */
export function nodeVersionProblem(version = process.versions.node) {
  const [major, minor] = version.split(".").map(Number);
  const { major: needMajor, minor: needMinor } = REQUIRED_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return (
    `Alpine needs Node ${needMajor}.${needMinor} or later (the Node inside its Electron); this is Node ${version}. ` +
    `Install Node ${needMajor} (nodejs.org, your package manager, or a version manager such as nvm: \`nvm install ${needMajor}\`), ` +
    "then run the command again."
  );
}

/** True when Node was started on this file (an argument that is no file is not it). */
function runAsScript() {
  try {
    return realpathSync(process.argv[1] ?? "") === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

// As a script: the version given (a test names the Node it plays), else this Node's.
if (runAsScript()) {
  const problem = nodeVersionProblem(process.argv[2] ?? process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
