/** How a live row that is being taken down tells the list it is gone (see use-reply-tail.ts). */
import { createContext } from "react";

export const LeavingRows = createContext<(key: string) => void>(() => undefined);
