/**
 * A value the window asks of the service once and shares between every component that
 * shows it (the price table, the model groups). A failed request reads as null. `forget`
 * makes every component showing it ask again (after the person changed it in Settings);
 * each keeps the value it has until the new answer comes.
 */
import { useEffect, useState } from "react";

export interface AskedOnce<T> {
  /** The hook: null until the answer is here (or when the request failed). */
  use(): T | null;
  forget(): void;
}

export function askedOnce<T>(ask: () => Promise<T>): AskedOnce<T> {
  let answer: Promise<T | null> | null = null;
  const users = new Set<() => void>();
  return {
    use: function useAskedOnce(): T | null {
      const [value, setValue] = useState<T | null>(null);
      const [asked, setAsked] = useState(0);
      useEffect(() => {
        const askAgain = () => setAsked((n) => n + 1);
        users.add(askAgain);
        return () => void users.delete(askAgain);
      }, []);
      useEffect(() => {
        answer ??= ask().catch(() => null);
        let live = true;
        void answer.then((v) => live && setValue(v));
        return () => {
          live = false;
        };
      }, [asked]);
      return value;
    },
    forget: () => {
      answer = null;
      users.forEach((askAgain) => askAgain());
    },
  };
}
