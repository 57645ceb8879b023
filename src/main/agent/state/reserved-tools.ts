/**
 * Names the library reserves for its built-in tools. Saved history names them (an open `ask`
 * call is a question waiting for the person), so they belong to the data, below the tools.
 */
export const FINISH_TOOL = "finish";
export const ASK_TOOL = "ask";
