/**
 * Where each row of a long list sits, without the rows being in the page: the height
 * measured for a row (kept by its key, so it survives the row leaving the page and rows
 * being put in front of it), or an estimate for a row never measured. An estimate is fixed
 * the first time a key is seen, so the space kept for a row never changes until it is measured.
 */

export interface RowRange {
  /** First row, inclusive. */
  first: number;
  /** Last row, inclusive; below `first` when there are no rows. */
  last: number;
}

export class RowLayout {
  private keys: readonly string[] = [];
  /** A key's index is its stored number plus `base`, so rows put in front renumber none. */
  private readonly indexByKey = new Map<string, number>();
  private base = 0;
  private readonly measured = new Map<string, number>();
  private readonly estimated = new Map<string, number>();
  /** heights[i]: the height of row i, as the layout has it. */
  private heights = new Float64Array(0);
  /** offsets[i]: the top of row i; offsets[count]: the height of all rows. */
  private offsets = new Float64Array(1);
  /** Offsets from this row on need computing again. */
  private staleFrom = Infinity;

  /**
   * The rows, in order; `estimate(i)` is asked only for keys seen for the first time. Rows
   * added at either end (a new message, an older page) cost about their own number.
   */
  setRows(keys: readonly string[], estimate: (index: number) => number): void {
    if (keys === this.keys) return;
    const before = this.keys;
    const shift = keys.length - before.length;
    const heights = new Float64Array(keys.length);
    if (shift >= 0 && sameRun(before, keys, 0)) {
      heights.set(this.heights);
      this.index(keys, heights, before.length, keys.length, estimate);
      this.staleFrom = Math.min(this.staleFrom, before.length);
    } else if (shift > 0 && sameRun(before, keys, shift)) {
      // An older page in front: the rows there move down by `shift`.
      heights.set(this.heights, shift);
      this.base += shift;
      this.index(keys, heights, 0, shift, estimate);
      this.staleFrom = 0;
    } else {
      this.indexByKey.clear();
      this.base = 0;
      this.index(keys, heights, 0, keys.length, estimate);
      this.staleFrom = 0;
    }
    this.keys = keys;
    this.heights = heights;
    if (this.offsets.length !== keys.length + 1) {
      const offsets = new Float64Array(keys.length + 1);
      // Rows added at the end keep the offsets before them.
      if (this.staleFrom > 0) offsets.set(this.offsets.subarray(0, Math.min(this.offsets.length, this.staleFrom + 1)));
      this.offsets = offsets;
    }
  }

  get count(): number {
    return this.keys.length;
  }

  keyAt(index: number): string | undefined {
    return this.keys[index];
  }

  /** -1 when the key is not a row (any more). */
  indexOf(key: string): number {
    const stored = this.indexByKey.get(key);
    if (stored === undefined) return -1;
    const index = stored + this.base;
    // A key dropped by a full renumbering may linger; trust it only where it is.
    return this.keys[index] === key ? index : -1;
  }

  heightOf(key: string): number {
    return this.measured.get(key) ?? this.estimated.get(key) ?? 0;
  }

  /**
   * Records a row's measured height; returns how much it differs from the height the
   * layout gave it so far (0 when nothing moved).
   */
  measure(key: string, height: number): number {
    const before = this.heightOf(key);
    if (this.measured.get(key) === height) return 0;
    this.measured.set(key, height);
    this.estimated.delete(key);
    const index = this.indexOf(key);
    if (index >= 0) {
      this.heights[index] = height;
      this.staleFrom = Math.min(this.staleFrom, index);
    }
    return height - before;
  }

  /** The top of row `index`; `offsetOf(count)` is the height of all rows. */
  offsetOf(index: number): number {
    this.refresh();
    return this.offsets[Math.max(0, Math.min(index, this.keys.length))];
  }

  total(): number {
    return this.offsetOf(this.keys.length);
  }

  /** The row at `y` (clamped to the rows there are); -1 when there are none. */
  indexAt(y: number): number {
    this.refresh();
    const n = this.keys.length;
    if (n === 0) return -1;
    // The last row whose top is at or above y.
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.offsets[mid] <= y) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The rows that overlap [top, bottom]. */
  range(top: number, bottom: number): RowRange {
    if (this.keys.length === 0) return { first: 0, last: -1 };
    return { first: this.indexAt(top), last: this.indexAt(Math.max(top, bottom)) };
  }

  private index(keys: readonly string[], heights: Float64Array, from: number, to: number, estimate: (index: number) => number): void {
    for (let i = from; i < to; i++) {
      const key = keys[i];
      this.indexByKey.set(key, i - this.base);
      if (!this.measured.has(key) && !this.estimated.has(key)) this.estimated.set(key, Math.max(1, estimate(i)));
      heights[i] = this.heightOf(key);
    }
  }

  private refresh(): void {
    const n = this.keys.length;
    if (this.staleFrom > n) return;
    let y = this.offsets[this.staleFrom];
    for (let i = this.staleFrom; i < n; i++) {
      this.offsets[i] = y;
      y += this.heights[i];
    }
    this.offsets[n] = y;
    this.staleFrom = Infinity;
  }
}

/** Are `run`'s keys found in `keys` from `at` on, in the same order? */
function sameRun(run: readonly string[], keys: readonly string[], at: number): boolean {
  if (at + run.length > keys.length) return false;
  for (let i = 0; i < run.length; i++) if (keys[at + i] !== run[i]) return false;
  return true;
}
