/**
 * The price table that turns tokens into an estimated cost: one row per model (defaults
 * for the current models), US dollars per million tokens, saved as soon as a price changes.
 */
import { useEffect, useState } from "react";
import type { ModelPrice, PriceTable } from "../../../../shared/usage-types";
import { api } from "../../api/current-api";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";
import { forgetPrices } from "../reply/ReplyExtras";
import { describeError } from "../../lib/describe-error";

const COLUMNS = ["input", "output", "cacheWrite", "cacheRead"] as const satisfies readonly (keyof ModelPrice)[];

export function PriceTableField() {
  const { t } = useTranslation();
  const [table, setTable] = useState<PriceTable | null>(null);
  const showToast = useAppStore((s) => s.showToast);
  useEffect(() => {
    void api()
      .request("prices:get", {})
      .then(setTable)
      .catch(() => setTable(null));
  }, []);
  if (!table) return null;

  const save = async (model: string, price: ModelPrice) => {
    try {
      setTable(await api().request("prices:set", { prices: { [model]: price } }));
      forgetPrices();
    } catch (error) {
      showToast("error", describeError(error));
    }
  };

  return (
    <fieldset className="field price-table">
      <legend className="field__label">{t("settings.prices.legend")}</legend>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("settings.prices.model")}</th>
            {COLUMNS.map((key) => (
              <th key={key} scope="col">
                {t(`settings.prices.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Object.entries(table).map(([model, price]) => (
            <tr key={model}>
              <th scope="row">{model}</th>
              {COLUMNS.map((key) => (
                <td key={key}>
                  <input
                    type="number"
                    min={0}
                    step="any"
                    aria-label={t(`settings.prices.${key}Of`, { model })}
                    defaultValue={price[key]}
                    onBlur={(e) => {
                      const value = Number(e.target.value);
                      if (Number.isFinite(value) && value >= 0 && value !== price[key]) void save(model, { ...price, [key]: value });
                    }}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
