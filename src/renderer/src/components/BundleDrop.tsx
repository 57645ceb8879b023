/**
 * A .mcpb (or older .dxt) file dropped anywhere on the window opens Settings → Tools with
 * the bundle shown for review. Caught before the composer's own drop, which would attach it.
 */
import { useEffect } from "react";
import { useAppStore } from "../store/app-store";

const BUNDLE = /\.(mcpb|dxt)$/i;

export function BundleDrop() {
  const reviewDropped = useAppStore((s) => s.reviewDroppedBundle);
  useEffect(() => {
    const bundleOf = (e: DragEvent) => [...(e.dataTransfer?.files ?? [])].find((f) => BUNDLE.test(f.name));
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes("Files")) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      const file = bundleOf(e);
      if (!file) return;
      e.preventDefault();
      e.stopPropagation();
      void reviewDropped(file);
    };
    // Any other file dropped where nothing takes it: the window stays (no navigation to the file).
    const unhandled = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes("Files")) e.preventDefault();
    };
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop, true);
    window.addEventListener("drop", unhandled);
    return () => {
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop, true);
      window.removeEventListener("drop", unhandled);
    };
  }, [reviewDropped]);
  return null;
}
