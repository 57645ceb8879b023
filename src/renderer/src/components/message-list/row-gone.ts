/** How a row being taken down tells the list it is gone (see use-leaving-rows.ts). */
import { createContext } from "react";

export const RowGone = createContext<(key: string) => void>(() => undefined);
