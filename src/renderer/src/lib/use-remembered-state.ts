/**
 * State that outlives its component, kept by a key: a row of a windowed list leaves the
 * page when scrolled away and comes back new, and should still be as the person left it
 * (a tool card opened, a summary shown). Only what a person changed is kept, so it stays small.
 */
import { useCallback, useState } from "react";

const remembered = new Map<string, unknown>();

export function useRememberedState<T>(key: string, initial: () => T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (remembered.has(key) ? (remembered.get(key) as T) : initial()));
  const set = useCallback(
    (next: T) => {
      remembered.set(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
