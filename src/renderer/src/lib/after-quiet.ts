/**
 * Calls `onQuiet` once `quietMs` have passed without a new `note()`. One timer serves a whole
 * burst of notes (each streamed word may note): a note only records the time, and a timer that
 * fires early waits again for what is left of the quiet time.
 */
export interface QuietWatch {
  /** Something happened now. True when this note began a burst (no timer was waiting). */
  note(): boolean;
}

export function afterQuiet(quietMs: number, onQuiet: () => void): QuietWatch {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = () => {
    const left = last + quietMs - performance.now();
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    timer = null;
    onQuiet();
  };
  return {
    note() {
      last = performance.now();
      if (timer) return false;
      timer = setTimeout(check, quietMs);
      return true;
    },
  };
}
