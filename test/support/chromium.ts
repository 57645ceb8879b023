/** The Chromium the tests and the benchmark run, and the flags every one of its launches takes. */

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // The window follows the browser's language: English unless a test asks for another (a context's `locale`).
  "--lang=en-US",
];

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** CHROMIUM_PATH when it names one (an empty one, as a blank `export` leaves, does not), else Debian's. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
}
