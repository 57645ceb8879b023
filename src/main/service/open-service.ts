/**
 * The service's code behind one door: the app and the test host `import()` this file once
 * they serve the window, so the window's files are served while this code (most of the main
 * process's) is still being compiled, and the database opens while the window loads.
 */
import type { IpcResult } from "../../shared/transport-messages";
import { AlpineService, type AlpineServiceOptions } from "./alpine-service";
import { attachmentResponse, type AttachmentHttpResponse } from "./attachments/attachment-response";
import { createRequestHandlers, dispatchRequest } from "./request-handlers";

export interface OpenedService {
  service: AlpineService;
  /** Validates and carries out one request (the dispatcher every transport uses). */
  dispatch(channel: string, args: unknown): Promise<IpcResult>;
  /** The answer to a request for /attachments/<id>. */
  attachment(pathname: string): Promise<AttachmentHttpResponse>;
}

/** Opens the service (database, settings, ...); throws a clear error when it cannot. */
export function openService(options: AlpineServiceOptions): OpenedService {
  const service = new AlpineService(options);
  const handlers = createRequestHandlers(service);
  return {
    service,
    dispatch: (channel, args) => dispatchRequest(handlers, channel, args),
    attachment: (pathname) => attachmentResponse(service.attachments, pathname),
  };
}
