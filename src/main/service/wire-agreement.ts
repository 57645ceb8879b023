/**
 * The window's wire types (src/shared/wire-types.ts) are written apart from the agent
 * library so that neither imports the other. This file is where they meet: it fails to
 * compile when the library's types stop fitting what the window is told to expect, e.g.
 * a new way to stop, a new step event or entry kind, or a field of a different type.
 */
import type * as Library from "../agent";
import type * as Wire from "../../shared/wire-types";

/** `true` when every `From` is a `To`. */
export type Fits<From, To> = [From] extends [To] ? true : false;
/** `true` when the two are the same set of values. */
export type Same<A, B> = Fits<A, B> extends true ? Fits<B, A> : false;

/** A library step event as the service sends it: the entry as its stored record. */
export type SentStepEvent<E extends Library.StepEvent = Library.StepEvent> = E extends { type: "entry" }
  ? Omit<E, "entry"> & { entry: Library.EntryRecord }
  : E;

/** Each check must be `true`; a `false` here is a compile error that names the check. */
export const wireAgreement: {
  stoppedBy: Same<Library.StoppedBy, Wire.StoppedBy>;
  toolCallStatus: Same<Library.ToolCallStatus, Wire.ToolCallStatus>;
  entryKind: Same<Library.EntryKind, Wire.EntryKind>;
  savePoint: Same<Library.SavePoint, Wire.SavePoint>;
  entryRecord: Fits<Library.EntryRecord, Wire.EntryRecord>;
  stepEventType: Same<Library.StepEventType, Wire.StepEventType>;
  stepEvent: Fits<SentStepEvent, Wire.StepEvent>;
} = {
  stoppedBy: true,
  toolCallStatus: true,
  entryKind: true,
  savePoint: true,
  entryRecord: true,
  stepEventType: true,
  stepEvent: true,
};
