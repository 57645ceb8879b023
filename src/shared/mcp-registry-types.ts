/**
 * What the window sees of an MCP registry (the official MCP Registry's API, or a company's
 * own at the registry URL setting): search results, a server's page, and for each way to
 * run it the add-server form it fills for the person to confirm.
 */

export interface RegistryServerSummary {
  /** The registry's name for it, e.g. "io.github.acme/weather". */
  name: string;
  title?: string;
  description: string;
  version: string;
  websiteUrl?: string;
  repositoryUrl?: string;
}

export interface RegistrySearchView {
  servers: RegistryServerSummary[];
  /** Given back to read the next page. */
  nextCursor?: string;
}

/** A value the server needs (an environment variable or a header): the form asks for it. */
export interface RegistryInputView {
  name: string;
  description?: string;
  required: boolean;
  secret: boolean;
  default?: string;
}

/** The add-server form a package or remote fills (nothing is added until the person confirms it). */
export interface RegistryFormView {
  name: string;
  transport: "stdio" | "http";
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
}

/** One way to run the server: a package (npm, PyPI, OCI...) started here, or a remote at a URL. */
export interface RegistryOptionView {
  kind: "package" | "remote";
  /** "npm", "pypi", "oci", "nuget", "mcpb" for a package; "streamable-http" or "sse" for a remote. */
  type: string;
  /** The package's identifier and version, or the remote's URL. */
  label: string;
  /** What the form needs from the person: environment variables or headers. */
  needs: RegistryInputView[];
  /** Set when Alpine can fill the add-server form for it. */
  form?: RegistryFormView;
  /** Why it cannot be added here (a registry type Alpine does not start). */
  unsupported?: string;
}

export interface RegistryServerPage extends RegistryServerSummary {
  options: RegistryOptionView[];
}
