import { useEffect, useState, type ReactNode } from "react";
import { emitAppEvent } from "../app-events";
import { copyText } from "../lib/copy-text";
import { CheckIcon, CopyIcon } from "../components/icons";

/**
 * A code block with its language and a Copy button. `children`: the code as highlighted
 * elements (class names only); without them the plain text is shown (a block still growing).
 */
export function CodeBlock({ lang, text, children }: { lang: string; text: string; children?: ReactNode }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1600);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const ok = await copyText(text);
    setCopied(ok);
    emitAppEvent("copied", { ok, length: text.length });
  };

  return (
    <figure className="code-block">
      <figcaption className="code-block__bar">
        <span className="code-block__lang">{lang || "text"}</span>
        <button type="button" className="code-block__copy" onClick={copy} aria-label={copied ? "Copied" : `Copy ${lang || "code"} to clipboard`}>
          {copied ? <CheckIcon /> : <CopyIcon />}
          <span>{copied ? "Copied" : "Copy"}</span>
        </button>
      </figcaption>
      <pre tabIndex={0}>{children ?? <code>{text}</code>}</pre>
    </figure>
  );
}
