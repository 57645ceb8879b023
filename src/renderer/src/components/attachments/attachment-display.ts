/** Where the window reads an attachment's bytes, and how its size reads: shared by its chip and its viewer. */
import { ATTACHMENT_PATH_PREFIX } from "../../../../shared/usage-types";
import { formatBytes as formatSize } from "../../i18n/format";

/** The app's own origin serves the bytes (/attachments/<id>), never a file path. */
export const attachmentUrl = (id: string) => `${ATTACHMENT_PATH_PREFIX}${id}`;

/** A file's size: bytes, then KB, MB… with one decimal. */
export const formatBytes = (size: number): string => formatSize(size, { digits: "fixed" });
