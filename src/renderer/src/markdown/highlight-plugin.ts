/**
 * The code highlighter: rehype-highlight with highlight.js's common languages, a quarter of
 * the window's code. It is its own chunk (see highlighter.ts), made once: rehype-highlight
 * registers its languages each time its plugin is set up, and react-markdown sets its plugins
 * up for every block it renders.
 */
import rehypeHighlight from "rehype-highlight";

export const highlight = rehypeHighlight({ detect: false });
