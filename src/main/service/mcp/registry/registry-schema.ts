/**
 * The parts of the MCP Registry API's answers Alpine reads (API v0.1: `GET /v0.1/servers`
 * and `GET /v0.1/servers/{name}/versions/latest`; each server is a `server.json`), checked
 * leniently: fields Alpine does not use pass, and a server entry it cannot read is left out.
 */
import { z } from "zod";

const input = z.object({
  name: z.string(),
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  default: z.string().optional(),
  value: z.string().optional(),
});

const argument = z.object({
  type: z.enum(["positional", "named"]).catch("positional"),
  name: z.string().optional(),
  value: z.string().optional(),
  default: z.string().optional(),
  valueHint: z.string().optional(),
});

const registryPackage = z.object({
  registryType: z.string(),
  identifier: z.string(),
  version: z.string().optional(),
  runtimeHint: z.string().optional(),
  transport: z.object({ type: z.string(), url: z.string().optional() }).optional(),
  runtimeArguments: z.array(argument).optional(),
  packageArguments: z.array(argument).optional(),
  environmentVariables: z.array(input).optional(),
});

const remote = z.object({ type: z.string(), url: z.string(), headers: z.array(input).optional() });

export const serverJson = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().default(""),
  version: z.string().default(""),
  websiteUrl: z.string().optional(),
  repository: z.object({ url: z.string().optional() }).optional(),
  packages: z.array(registryPackage).optional(),
  remotes: z.array(remote).optional(),
});

export const serverResponse = z.object({ server: z.unknown() });
export const serverList = z.object({ servers: z.array(serverResponse), metadata: z.object({ nextCursor: z.string().optional() }).optional() });

export type ServerJson = z.infer<typeof serverJson>;
export type RegistryPackage = z.infer<typeof registryPackage>;
export type RegistryRemote = z.infer<typeof remote>;
export type RegistryInput = z.infer<typeof input>;
export type RegistryArgument = z.infer<typeof argument>;
