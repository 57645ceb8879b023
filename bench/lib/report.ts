/**
 * What a run collects: named figures (the JSON's content), tables for people, and targets
 * each compared with its measured figure. Figures are flat dotted keys so the test can check
 * that every one is present.
 */

export type Cell = string | number | null;

export interface Section {
  title: string;
  columns: string[];
  rows: Cell[][];
  notes: string[];
}

export interface TargetResult {
  name: string;
  /** The figure key the target reads. */
  figure: string;
  comparison: "<=" | "==";
  limit: number;
  unit: string;
  measured: number;
  met: boolean;
}

export class Report {
  readonly figures: Record<string, number> = {};
  readonly sections: Section[] = [];
  readonly targets: TargetResult[] = [];
  /** Every target asked, measured or not (a table of figures shows each). */
  readonly declared: Pick<TargetResult, "name" | "figure" | "comparison" | "limit" | "unit">[] = [];
  readonly errors: { suite: string; message: string }[] = [];

  /** Records a figure; a figure must be a finite number. */
  set(key: string, value: number): number {
    if (!Number.isFinite(value)) throw new RangeError(`figure ${key} is not a finite number: ${value}`);
    this.figures[key] = value;
    return value;
  }

  get(key: string): number {
    const value = this.figures[key];
    if (value === undefined) throw new Error(`figure ${key} was not measured`);
    return value;
  }

  has(key: string): boolean {
    return key in this.figures;
  }

  section(title: string, columns: string[]): Section {
    const section: Section = { title, columns, rows: [], notes: [] };
    this.sections.push(section);
    return section;
  }

  /** Compares a measured figure with its target; a missing figure is not a target result. */
  target(name: string, figure: string, comparison: "<=" | "==", limit: number, unit: string): void {
    this.declared.push({ name, figure, comparison, limit, unit });
    if (!this.has(figure)) return;
    const measured = this.get(figure);
    const met = comparison === "<=" ? measured <= limit : measured === limit;
    this.targets.push({ name, figure, comparison, limit, unit, measured, met });
  }
}
