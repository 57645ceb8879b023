import { useEffect, useState, type ReactNode } from "react";
import { emitAppEvent } from "../app-events";
import { copyText } from "../lib/copy-text";
import { CheckIcon, CopyIcon } from "../components/icons";
import { useTranslation } from "../i18n/react";

/**
 * A code block with its language and a Copy button. `children`: the code as highlighted
 * elements (class names only); without them the plain text is shown. `text`: the code, or
 * how to get it when it is copied (a block still being written is not joined at each frame).
 */
export function CodeBlock({ lang, text, children }: { lang: string; text: string | (() => string); children?: ReactNode }) {
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1600);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const code = typeof text === "string" ? text : text();
    const ok = await copyText(code);
    setCopied(ok);
    emitAppEvent("copied", { ok, length: code.length });
  };

  return (
    <figure className="code-block">
      <figcaption className="code-block__bar">
        <span className="code-block__lang">{lang || t("markdown.plainText")}</span>
        <button type="button" className="code-block__copy" onClick={copy} aria-label={copied ? t("markdown.copied") : lang ? t("markdown.copyLang", { lang }) : t("markdown.copyCode")}>
          {copied ? <CheckIcon /> : <CopyIcon />}
          <span>{t(copied ? "markdown.copied" : "markdown.copy")}</span>
        </button>
      </figcaption>
      <pre tabIndex={0}>{children ?? <code>{typeof text === "string" ? text : text()}</code>}</pre>
    </figure>
  );
}
