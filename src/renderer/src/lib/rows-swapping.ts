/**
 * Whether rows were just added or removed (a run's end swaps the streamed reply for its saved
 * rows): for that frame and the next two, a rise of the view without the person's input is the
 * browser lowering it to content that was shorter for a moment, however far, not the person
 * leaving the end.
 */

/** The frame of the swap and the two after it (its scroll event can come a frame late). */
const FRAMES = 3;

export class RowsSwapping {
  private framesLeft = 0;
  private frame = 0;

  mark(): void {
    this.framesLeft = FRAMES;
    if (this.frame) return;
    const tick = () => {
      this.framesLeft--;
      this.frame = this.framesLeft > 0 ? requestAnimationFrame(tick) : 0;
    };
    this.frame = requestAnimationFrame(tick);
  }

  get now(): boolean {
    return this.framesLeft > 0;
  }

  stop(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.framesLeft = 0;
  }
}
