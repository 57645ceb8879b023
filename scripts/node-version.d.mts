// Types of node-version.mjs (plain JavaScript: `npm start` runs it before anything is built).
export declare const NEEDED_NODE: string;
export declare function nodeVersionProblem(version: string): string | null;
