/**
 * The price table that turns tokens into an estimated cost: one row per model (defaults
 * for the current models), US dollars per million tokens, saved as soon as a price changes.
 */
import { useEffect, useState } from "react";
import type { ModelPrice, PriceTable } from "../../../../shared/usage-types";
import { api } from "../../api/current-api";
import { useAppStore } from "../../store/app-store";
import { forgetPrices } from "../reply/ReplyExtras";
import { describeError } from "../../lib/describe-error";

const COLUMNS: [keyof ModelPrice, string][] = [
  ["input", "Input"],
  ["output", "Output"],
  ["cacheWrite", "Cache write"],
  ["cacheRead", "Cache read"],
];

export function PriceTableField() {
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
      <legend className="field__label">Prices (US$ per million tokens, for estimated costs)</legend>
      <table>
        <thead>
          <tr>
            <th scope="col">Model</th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Object.entries(table).map(([model, price]) => (
            <tr key={model}>
              <th scope="row">{model}</th>
              {COLUMNS.map(([key, label]) => (
                <td key={key}>
                  <input
                    type="number"
                    min={0}
                    step="any"
                    aria-label={`${label} price of ${model}`}
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
