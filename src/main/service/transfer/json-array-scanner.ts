/**
 * An incremental reader of one big JSON list: text goes in chunk by chunk, each element of
 * the list comes out parsed as soon as it is complete, so memory holds one element at a
 * time, never the file. The list is either the whole document (`[...]`) or the value of one
 * key of a top-level object (`{"format": ..., "conversations": [...]}`), whose other keys
 * are kept as the header.
 */

/** A structural fault, with the 1-based element it is in (null: outside any element). */
export class JsonScanError extends Error {
  constructor(readonly record: number | null, message: string) {
    super(message);
    this.name = "JsonScanError";
  }
}

export interface ScannedItem {
  /** 1-based position in the list. */
  index: number;
  value: unknown;
}

export interface ScannerOptions {
  /** With a top-level object: the key whose list is streamed. */
  listKey: string;
  /** Deeper nesting than this inside an element is refused (it only comes from broken files). */
  maxDepth?: number;
  /** A longer element than this many characters is refused. */
  maxItemChars?: number;
}

const QUOTE = 34, BACKSLASH = 92, OPEN_OBJ = 123, CLOSE_OBJ = 125, OPEN_ARR = 91, CLOSE_ARR = 93, COMMA = 44, COLON = 58;

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

export class JsonArrayScanner {
  /** Top-level keys other than the list's, parsed. */
  readonly header: Record<string, unknown> = {};
  private depth = 0;
  private inString = false;
  private escaped = false;
  private started = false;
  private finished = false;
  /** Depth at which the list's elements sit (1 for a top-level list, 2 inside the object). */
  private itemDepth = 0;
  private capturing: "item" | "header" | null = null;
  private parts: string[] = [];
  private chars = 0;
  private count = 0;
  /** In the top-level object: the key just read and whether a key is expected next. */
  private lastKey: string | null = null;
  private keyParts: string[] | null = null;
  private readonly maxDepth: number;
  private readonly maxItemChars: number;

  constructor(private readonly options: ScannerOptions) {
    this.maxDepth = options.maxDepth ?? 256;
    this.maxItemChars = options.maxItemChars ?? 512 * 1024 * 1024;
  }

  /** The document is an object whose list is one of its keys (not a bare list). */
  get isObject(): boolean {
    return this.itemDepth === 2;
  }

  /** How many elements have been read whole. */
  get itemsRead(): number {
    return this.count;
  }

  /** Reads a chunk; returns the elements it completed. */
  push(chunk: string): ScannedItem[] {
    const out: ScannedItem[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.closeString(chunk, i);
        continue;
      }
      if (isSpace(code)) continue;
      if (!this.started) {
        this.begin(code);
        continue;
      }
      if (this.finished) throw new JsonScanError(null, "there is more text after the end of the document");
      if (this.capturing === null && this.depth === this.itemDepth && code !== COMMA && code !== CLOSE_ARR) {
        this.openCapture("item");
        start = i;
      } else if (this.capturing === null && this.itemDepth === 2 && this.depth === 1 && code !== COMMA && code !== CLOSE_OBJ) {
        if (this.atTopLevelValue(code)) {
          this.openCapture("header");
          start = i;
        }
      }
      const ended = this.structural(code, chunk, i);
      if (ended !== null) {
        const endAt = ended === "after" ? i + 1 : i;
        this.parts.push(chunk.slice(start, endAt));
        this.completeCapture(out);
        if (ended === "before") i--; // the delimiter belongs to the enclosing level
      }
    }
    if (this.capturing !== null) {
      this.parts.push(chunk.slice(start));
      this.grow(chunk.length - start);
    } else if (this.inString && this.keyParts !== null && this.keyStart >= 0) {
      // A key that goes on in the next chunk.
      this.keyParts.push(chunk.slice(this.keyStart));
      this.keyStart = 0;
    }
    return out;
  }

  /** The text ended; throws when the document is incomplete. */
  end(): void {
    if (!this.started) throw new JsonScanError(null, "the file is empty");
    if (!this.finished) {
      const inRecord = this.capturing === "item" ? this.count + 1 : null;
      throw new JsonScanError(inRecord, inRecord ? "the file ends in the middle of it (truncated)" : "the file ends before its list is closed (truncated)");
    }
  }

  private begin(code: number): void {
    this.started = true;
    if (code === OPEN_ARR) this.itemDepth = 1;
    else if (code === OPEN_OBJ) this.itemDepth = 2;
    else throw new JsonScanError(null, "it is not a JSON list or object (it starts with neither [ nor {)");
    this.depth = 1;
    if (this.itemDepth === 2) this.keyParts = [];
  }

  /** A value of the top-level object starts: a key string, or the value after a key. */
  private atTopLevelValue(code: number): boolean {
    if (this.keyParts !== null) {
      if (code !== QUOTE) throw new JsonScanError(null, "the top-level object has a key that is not a string");
      return false;
    }
    if (code === COLON) return false;
    if (this.lastKey === this.options.listKey) {
      if (code !== OPEN_ARR) throw new JsonScanError(null, `"${this.options.listKey}" is not a list`);
      return false;
    }
    return true;
  }

  /** Brackets, strings and ends of primitives. Returns where a capture ends, if it does. */
  private structural(code: number, chunk: string, i: number): "after" | "before" | null {
    if (code === QUOTE) {
      this.inString = true;
      if (this.keyParts !== null && this.depth === 1 && this.capturing === null) this.keyStart = i + 1;
      return null;
    }
    if (code === OPEN_OBJ || code === OPEN_ARR) {
      this.depth++;
      if (this.depth - this.itemDepth > this.maxDepth) {
        throw new JsonScanError(this.capturing === "item" ? this.count + 1 : null, `it is nested more than ${this.maxDepth} levels deep`);
      }
      return null;
    }
    if (code === CLOSE_OBJ || code === CLOSE_ARR) return this.close();
    if (code === COMMA) {
      if (this.depth === 1 && this.itemDepth === 2 && this.capturing === null) this.keyParts = [];
      if (this.capturing !== null && this.depth === this.captureDepth()) return "before";
      return null;
    }
    if (code === COLON && this.depth === 1 && this.itemDepth === 2 && this.capturing === null) return null;
    if (this.capturing === null && this.depth !== 1) throw new JsonScanError(null, `unexpected "${chunk[i]}"`);
    return null;
  }

  private close(): "after" | "before" | null {
    // A primitive element or header value ends at its list's or object's close.
    if (this.capturing !== null && this.depth === this.captureDepth()) return "before";
    this.depth--;
    if (this.depth < 0) throw new JsonScanError(null, "a bracket closes that was never opened");
    if (this.depth === 0) this.finished = true;
    if (this.depth === 1 && this.itemDepth === 2 && this.lastKey === this.options.listKey) this.lastKey = null;
    if (this.capturing !== null && this.depth === this.captureDepth()) return "after";
    return null;
  }

  /** Where the key being read starts in the current chunk (-1: no key is being read). */
  private keyStart = -1;

  private captureDepth(): number {
    return this.capturing === "item" ? this.itemDepth : 1;
  }

  private closeString(chunk: string, i: number): void {
    this.inString = false;
    if (this.keyParts !== null && this.depth === 1 && this.capturing === null) {
      this.keyParts.push(chunk.slice(Math.max(this.keyStart, 0), i));
      this.lastKey = JSON.parse(`"${this.keyParts.join("")}"`) as string;
      this.keyParts = null;
      this.keyStart = -1;
    }
  }

  private openCapture(kind: "item" | "header"): void {
    this.capturing = kind;
    this.parts = [];
    this.chars = 0;
  }

  private grow(chars: number): void {
    this.chars += chars;
    if (this.chars > this.maxItemChars) {
      const record = this.capturing === "item" ? this.count + 1 : null;
      throw new JsonScanError(record, `it is larger than ${Math.round(this.maxItemChars / 1048576)} MB`);
    }
  }

  private completeCapture(out: ScannedItem[]): void {
    const text = this.parts.join("");
    this.parts = [];
    const kind = this.capturing;
    this.capturing = null;
    if (kind === "item") {
      this.count++;
      out.push({ index: this.count, value: parseElement(text, this.count) });
    } else if (this.lastKey !== null) {
      this.header[this.lastKey] = parseElement(text, null);
    }
  }
}

function parseElement(text: string, record: number | null): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // The parser's own message quotes the text; only the position is kept, so no content of the file travels in the error.
    const position = /position (\d+)/.exec((error as Error).message);
    throw new JsonScanError(record, `it is not valid JSON${position ? ` (at character ${position[1]} of the record)` : ""}`);
  }
}
