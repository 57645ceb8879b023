/**
 * The add-server form a registry server fills, for each way to run it: an npm package with
 * `npx`, a PyPI package with `uvx`, an OCI image with `docker run`, a remote at its URL. The
 * values it needs (environment variables, headers) are named, with defaults where the
 * registry gives them and empty otherwise, for the person to fill and confirm.
 */
import type { RegistryFormView, RegistryInputView, RegistryOptionView, RegistryServerPage } from "../../../../shared/mcp-registry-types";
import type { RegistryArgument, RegistryInput, RegistryPackage, RegistryRemote, ServerJson } from "./registry-schema";

export function serverPage(server: ServerJson): RegistryServerPage {
  const name = formName(server);
  return {
    ...summary(server),
    options: [...(server.packages ?? []).map((p) => packageOption(p, name)), ...(server.remotes ?? []).map((r) => remoteOption(r, name))],
  };
}

export function summary(server: ServerJson) {
  return {
    name: server.name,
    ...(server.title ? { title: server.title } : {}),
    description: server.description,
    version: server.version,
    ...(server.websiteUrl ? { websiteUrl: server.websiteUrl } : {}),
    ...(server.repository?.url ? { repositoryUrl: server.repository.url } : {}),
  };
}

function packageOption(p: RegistryPackage, name: string): RegistryOptionView {
  const needs = (p.environmentVariables ?? []).map(inputView);
  const label = p.version ? `${p.identifier}@${p.version}` : p.identifier;
  const env = Object.fromEntries(needs.map((n) => [n.name, n.default ?? ""]));
  const start = startCommand(p, env);
  const base = { kind: "package" as const, type: p.registryType, label, needs };
  if (!start) return { ...base, unsupported: `Alpine cannot start ${p.registryType} packages; use another way listed here, or add it by hand.` };
  if (p.transport && p.transport.type !== "stdio") return { ...base, unsupported: `this package serves ${p.transport.type} on its own port; start it yourself and add its URL.` };
  return { ...base, form: { name, transport: "stdio", command: start.command, args: [...start.args, ...args(p.packageArguments)], env } };
}

function startCommand(p: RegistryPackage, env: Record<string, string>): { command: string; args: string[] } | null {
  const runtime = args(p.runtimeArguments);
  switch (p.registryType) {
    case "npm":
      return { command: p.runtimeHint ?? "npx", args: [...(runtime.length ? runtime : ["-y"]), p.version ? `${p.identifier}@${p.version}` : p.identifier] };
    case "pypi":
      return { command: p.runtimeHint ?? "uvx", args: [...runtime, p.version ? `${p.identifier}==${p.version}` : p.identifier] };
    case "oci":
      return { command: "docker", args: ["run", "-i", "--rm", ...(runtime.length ? runtime : []), ...Object.keys(env).flatMap((k) => ["-e", k]), p.version && !p.identifier.includes(":") ? `${p.identifier}:${p.version}` : p.identifier] };
    default:
      return null;
  }
}

function remoteOption(r: RegistryRemote, name: string): RegistryOptionView {
  const needs = (r.headers ?? []).map(inputView);
  const headers = Object.fromEntries((r.headers ?? []).map((h) => [h.name, h.value && !/\{[^}]+\}/.test(h.value) ? h.value : (h.default ?? "")]));
  const form: RegistryFormView = { name, transport: "http", url: r.url, headers };
  return { kind: "remote", type: r.type, label: r.url, needs, ...(/\{[^}]+\}/.test(r.url) ? { unsupported: "its address has parts to fill in; add it by hand." } : { form }) };
}

/** Fixed values of arguments (named ones as `--name value`); those without a value are left for the person. */
function args(list: RegistryArgument[] | undefined): string[] {
  return (list ?? []).flatMap((a) => {
    const value = a.value ?? a.default;
    if (a.type === "named") return a.name ? (value !== undefined ? [a.name, value] : [a.name]) : [];
    return value !== undefined ? [value] : [];
  });
}

function inputView(i: RegistryInput): RegistryInputView {
  return { name: i.name, ...(i.description ? { description: i.description } : {}), required: i.isRequired ?? false, secret: i.isSecret ?? false, ...(i.default !== undefined ? { default: i.default } : {}) };
}

/** "io.github.acme/weather-server" → "weather-server" (a server name Alpine accepts). */
function formName(server: ServerJson): string {
  const last = server.name.split("/").pop() ?? server.name;
  return (server.title ?? last).replace(/[^A-Za-z0-9 ._-]/g, "").trim().slice(0, 64) || "registry-server";
}
