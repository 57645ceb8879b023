/**
 * electron-builder's own reading and schema check of the configuration, run offline: the same
 * code `electron-builder` runs before it downloads anything. (app-builder-lib is the library
 * electron-builder is made of; it has no public entry for this, hence the deep import.)
 */
import { createRequire } from "node:module";
import { projectRoot } from "./project-files";

const require = createRequire(import.meta.url);

interface BuilderConfigModule {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: object | null): Promise<Record<string, unknown>>;
  validateConfiguration(config: object, debugLogger: object): Promise<void>;
}

const configModule = (): BuilderConfigModule => require("app-builder-lib/out/util/config/config");
const debugLogger = () => {
  const { DebugLogger } = require("builder-util") as { DebugLogger: new (enabled: boolean) => object };
  return new DebugLogger(false);
};

/** The configuration as electron-builder loads it from the project (electron-builder.yml). */
export const loadBuilderConfig = () => configModule().getConfig(projectRoot, null, null);

/** Throws electron-builder's "Invalid configuration object" error when the schema refuses the config. */
export const validateBuilderConfig = (config: object) => configModule().validateConfiguration(config, debugLogger());
