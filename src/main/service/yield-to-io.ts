/**
 * One turn of the event loop for what waits on I/O. The app's main process (and the test host)
 * serves the window's files and answers its requests on the thread that opens the service: a
 * start done in one piece holds the window's next file until it is over, and on a busy machine
 * that piece is long. Between the start's steps, a waiting request goes first.
 */
export function yieldToIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
