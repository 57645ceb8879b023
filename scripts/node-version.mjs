// The Node that Alpine's build, tests and `npm start` need: 22.12 or later.
export const NEEDED_NODE = "22.12";

/** Why `version` (as process.versions.node gives it) cannot run Alpine, or null when it can. */
export function nodeVersionProblem(version) {
  const [major, minor] = version.split(".").map(Number);
  const [neededMajor, neededMinor] = NEEDED_NODE.split(".").map(Number);
  if (major > neededMajor || (major === neededMajor && minor >= neededMinor)) return null;
  return `Alpine needs Node ${NEEDED_NODE} or later, and this is Node ${version}. Install Node 22 (nodejs.org, or your version manager: nvm install 22) and run npm start again.`;
}
