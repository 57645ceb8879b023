/**
 * The shape of the channel → service table: one handler per channel of the contract. Its own
 * file, so the tables of each room (mcp/mcp-request-handlers.ts) and the one that joins them
 * (request-handlers.ts) both import it and not each other.
 */
import type { ParsedArgs, RequestChannel, RequestResults } from "../../shared/ipc-contract";

export type RequestHandler<C extends RequestChannel> = (args: ParsedArgs<C>) => Promise<RequestResults[C]> | RequestResults[C];

/** One handler per channel: a channel missing here fails to compile. */
export type RequestHandlers = { [C in RequestChannel]: RequestHandler<C> };
