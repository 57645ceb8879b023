/** Beside a reply: the model's thinking, collapsed ("Thought for 12 s"), and the reply's usage and cost. */
import type { PriceTable } from "../../../../shared/usage-types";
import { afterFirstScreen } from "../../lib/first-screen";
import { api } from "../../api/current-api";
import { askedOnce } from "../../lib/asked-once";
import { describeUsage, formatCost, priceFor, replyCost } from "../../lib/format-usage";
import type { ReplyUsage } from "../../store/display-items";
import { t } from "../../i18n/i18n";
import { useTranslation } from "../../i18n/react";
import { formatNumber } from "../../i18n/format";

export function thoughtLabel(ms: number | null, redacted: boolean): string {
  if (redacted) return t("message.thoughtHidden");
  if (ms === null) return t("message.thought");
  return t("message.thoughtFor", { seconds: formatNumber(Math.max(1, Math.round(ms / 1000))) });
}

export function ThinkingBlock({ text, redacted, ms, seq }: { text: string; redacted: boolean; ms: number | null; seq: number }) {
  useTranslation(); // drawn again in a new language
  return (
    <details className="thinking" data-seq={seq}>
      <summary className="thinking__summary">{thoughtLabel(ms, redacted)}</summary>
      {!redacted && <div className="thinking__text">{text}</div>}
    </details>
  );
}

const prices = askedOnce(() => afterFirstScreen(() => api().request("prices:get", {})));
/** The price table, asked once per window once the first screen is shown (a change in settings asks again). */
export const usePrices: () => PriceTable | null = prices.use;
export const forgetPrices: () => void = prices.forget;

export function UsageLine({ usage, model, seq }: { usage: ReplyUsage; model: string; seq: number }) {
  const table = usePrices();
  const { t } = useTranslation();
  const cost = formatCost(replyCost(usage, priceFor(table, model)));
  return (
    <p className="usage-line" data-seq={seq} data-usage-for={seq} data-partial={usage.partial ? "stopped" : undefined}>
      {describeUsage(usage)} · <span className="usage-line__cost">{usage.partial ? t("usage.atLeast", { cost }) : cost}</span>
    </p>
  );
}
