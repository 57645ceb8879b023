/**
 * `node --import <this file>`: every package a process imports through the ES module loader
 * (static or `import()`) is appended, one specifier a line, to the file ALPINE_IMPORT_LOG names.
 * Lets a test see which packages a process has loaded so far, without timing anything.
 */
import { register } from "node:module";

register("./loader.mjs", import.meta.url, { data: { file: process.env.ALPINE_IMPORT_LOG } });
