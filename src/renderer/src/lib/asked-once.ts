/**
 * A value the window asks of the service once and shares between every component that
 * shows it (the price table, the model list). A failed request reads as null. `forget`
 * makes the next use ask again (after the person changed it in Settings).
 */
import { useEffect, useState } from "react";

export interface AskedOnce<T> {
  /** The hook: null until the answer is here (or when the request failed). */
  use(): T | null;
  forget(): void;
}

export function askedOnce<T>(ask: () => Promise<T>): AskedOnce<T> {
  let answer: Promise<T | null> | null = null;
  return {
    use: function useAskedOnce(): T | null {
      const [value, setValue] = useState<T | null>(null);
      useEffect(() => {
        answer ??= ask().catch(() => null);
        let live = true;
        void answer.then((v) => live && setValue(v));
        return () => {
          live = false;
        };
      }, []);
      return value;
    },
    forget: () => {
      answer = null;
    },
  };
}
