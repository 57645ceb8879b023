/**
 * Open until shutdown begins; from then on every new piece of work is refused with a
 * clear error, while the work already going is ended by the shutdown itself.
 */
import { ServiceShuttingDownError } from "./service-errors";

export class ServiceGate {
  private closed = false;

  get isOpen(): boolean {
    return !this.closed;
  }

  close(): void {
    this.closed = true;
  }

  assertOpen(): void {
    if (this.closed) throw new ServiceShuttingDownError();
  }
}
