/**
 * One turn of the event loop for what waits on I/O. The app's main process (and the test host)
 * serves the window's files and answers its requests on the thread that opens the service: a
 * start done in one piece holds the window's next file until it is over, and on a busy machine
 * that piece is long. Between the start's steps, a waiting request goes first.
 *
 * Two immediates, not one: an immediate set from an I/O callback (where a loaded module or a read
 * file resumes its caller) runs in the same turn of the loop, before the loop polls for I/O again
 * (https://nodejs.org/en/learn/asynchronous-work/event-loop-timers-and-nexttick#setimmediate-vs-settimeout).
 * One set from an immediate runs in the next turn, after that poll: the waiting request is read then.
 */
export function yieldToIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
