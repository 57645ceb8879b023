/**
 * A real small disk: a tmpfs of a few hundred kilobytes mounted on a folder, so writes get
 * a genuine ENOSPC (and SQLite a genuine "database or disk is full"). Needs root and a
 * kernel that lets this process mount; `mountSmallDisk` says why when it cannot.
 */
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export interface SmallDisk {
  folder: string;
  /** Fill every free byte with a filler file. */
  fill(): void;
  /** Remove the filler: the space comes back. */
  free(): void;
  unmount(): void;
}

export type SmallDiskResult = { disk: SmallDisk } | { unavailable: string };

export function mountSmallDisk(folder: string, sizeBytes: number): SmallDiskResult {
  mkdirSync(folder, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes},mode=0700`, "tmpfs", folder], { stdio: "pipe" });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return { unavailable: `cannot mount a small tmpfs here (${stderr || (error as Error).message}); it needs root and mount rights` };
  }
  const filler = join(folder, "filler");
  const disk: SmallDisk = {
    folder,
    fill() {
      const fd = openSync(filler, "a");
      const block = Buffer.alloc(4096, 0x2e);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        closeSync(fd);
      }
      // The last partial block: fill to the byte.
      const fd2 = openSync(filler, "a");
      try {
        for (;;) writeSync(fd2, Buffer.alloc(1, 0x2e));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        closeSync(fd2);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      try {
        execFileSync("umount", [folder], { stdio: "pipe" });
      } catch {
        execFileSync("umount", ["-l", folder], { stdio: "pipe" }); // still busy: detach it lazily
      }
    },
  };
  return { disk };
}
