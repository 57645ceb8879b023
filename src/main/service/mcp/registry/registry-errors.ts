/** Why the MCP registry could not be read: said calmly, since nothing else depends on it. */
import { ServiceError } from "../../service-errors";

export class RegistryUnavailableError extends ServiceError {
  constructor(url: string, why: string) {
    super(`The MCP registry at ${url} cannot be reached right now (${why}). Check the connection, or the registry address in Settings → Tools; your servers are not affected.`);
  }
}

export class RegistryAnswerError extends ServiceError {
  constructor(url: string, problem: string) {
    super(`The MCP registry at ${url} answered with something Alpine cannot read (${problem}). Check the registry address in Settings → Tools.`);
  }
}
