/** Rows of the conversation list fetched at once; the launch asks for the first page with the first screen. */
export const PAGE_SIZE = 100;
