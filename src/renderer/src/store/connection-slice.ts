/** Whether the window still reaches the main process (only the test host's WebSocket can be lost). */
import type { StateCreator } from "zustand";
import type { AppState } from "./app-store";

export interface ConnectionSlice {
  connectionLost: boolean;
  markConnectionLost(): void;
}

export const createConnectionSlice: StateCreator<AppState, [], [], ConnectionSlice> = (set) => ({
  connectionLost: false,
  markConnectionLost() {
    set({ connectionLost: true });
  },
});
