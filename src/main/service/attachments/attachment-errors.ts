/** Why a file cannot be attached: each names the file and what to do. */

export class UnsupportedAttachmentError extends Error {
  override name = "UnsupportedAttachmentError";
  constructor(readonly fileName: string) {
    super(`"${fileName}" cannot be attached: only PNG, JPEG, GIF and WebP images, PDF documents and text files can be sent to the model.`);
  }
}

export class AttachmentTooLargeError extends Error {
  override name = "AttachmentTooLargeError";
  constructor(
    readonly fileName: string,
    readonly limit: string,
  ) {
    super(`"${fileName}" cannot be sent: ${limit}.`);
  }
}

export class AttachmentNotFoundError extends Error {
  override name = "AttachmentNotFoundError";
  constructor(readonly attachmentId: string) {
    super(`The attachment ${attachmentId} is not stored (any more): attach the file again.`);
  }
}

export class AttachmentIndexVersionError extends Error {
  override name = "AttachmentIndexVersionError";
  constructor(file: string, version: unknown) {
    super(`The attachments index ${file} has format version ${JSON.stringify(version)}, newer than this version of Alpine understands. Update Alpine; the file was left as it is.`);
  }
}
