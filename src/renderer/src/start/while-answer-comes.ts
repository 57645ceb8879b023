/**
 * Work of the first render's that needs neither the launch's answer nor the app's code (the time
 * formatters' language data, tens of ms), done while the window waits for them: in a task of its
 * own once the launch's request has left the window (`connected`: ChosenApi). Not sooner: over
 * the test host's socket the request goes out at the socket's open event, a task of the page's
 * main thread, and the work run ahead of that event held the request back by as long as it took
 * (over the app's IPC the request has left already).
 */
export function whileAnswerComes(connected: Promise<void>, work: () => void): void {
  void connected.then(() => setTimeout(work, 0));
}
