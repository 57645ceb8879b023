/** current_time: the clock and time zone of the person's computer. */
import type { Tool } from "../../agent";

export function currentTimeTool(now: () => Date = () => new Date()): Tool<Record<string, never>> {
  return {
    name: "current_time",
    description: "The current date and time on the person's computer, with its time zone.",
    inputSchema: { type: "object", properties: {} },
    run() {
      const date = now();
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const local = date.toLocaleString("en-US", { timeZone, dateStyle: "full", timeStyle: "long" });
      return JSON.stringify({ iso: date.toISOString(), local, timeZone });
    },
  };
}
