/**
 * Output options the builds share (electron.vite.config.ts, scripts/build-test-host.mjs).
 *
 * ASCII_OUTPUT: every chunk in ASCII, other characters escaped
 * (https://rolldown.rs/reference/OutputOptions.charset). A script with any other character is
 * decoded from UTF-8 and held as two bytes a character: by Node for the main process, by
 * Chromium for the window. The service's chunk (483 KB, 18 lines with such characters) took
 * 5.5 ms to decode against 1.4 ms in ASCII, and its import was 7 ms longer (30 paired imports).
 *
 * MAIN_PROCESS_OUTPUT: the main process's code (the app's and the test host's, which the launch
 * benchmark times) minified, keeping function and class names (errors reach the window by their
 * class's name), and without comments: V8 reads the whole text to compile it at the start.
 * The app's service chunk was 868 KB unminified, against 483 KB.
 */
export const ASCII_OUTPUT = { charset: "ascii" };

export const MAIN_PROCESS_OUTPUT = {
  ...ASCII_OUTPUT,
  minify: { compress: { keepNames: { function: true, class: true } }, mangle: { keepNames: true } },
};
