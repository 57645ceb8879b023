/** The small Markdown tree the window renders: blocks made of inline pieces. */
export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "del"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "break" };

export type TableAlign = "left" | "center" | "right" | null;

export type Block =
  | { type: "paragraph"; inlines: Inline[] }
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; inlines: Inline[] }
  /** `closed` is false while a reply is still streaming the block. */
  | { type: "code"; lang: string; text: string; closed: boolean }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "quote"; blocks: Block[] }
  | { type: "table"; align: TableAlign[]; head: Inline[][]; rows: Inline[][][] }
  | { type: "rule" };
