/** Short notices at the edge of the window: an action that failed, a copy that worked. */
import type { StateCreator } from "zustand";
import type { AppState } from "./app-store";
import { emitAppEvent } from "../app-events";

export interface Toast {
  id: number;
  tone: "error" | "info";
  text: string;
}

export interface ToastSlice {
  toasts: Toast[];
  showToast(tone: Toast["tone"], text: string): void;
  dismissToast(id: number): void;
}

let nextToastId = 1;

export const createToastSlice: StateCreator<AppState, [], [], ToastSlice> = (set, get) => ({
  toasts: [],
  showToast(tone, text) {
    const id = nextToastId++;
    if (tone === "error") emitAppEvent("error", { text });
    // The same text twice in a row is shown once.
    set((s) => ({ toasts: [...s.toasts.filter((t) => t.text !== text), { id, tone, text }].slice(-4) }));
    setTimeout(() => get().dismissToast(id), tone === "error" ? 9000 : 3500);
  },
  dismissToast(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
});
