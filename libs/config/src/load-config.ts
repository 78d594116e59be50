import { type z } from 'zod';

/** Thrown when the environment does not satisfy a service's schema; names every bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    readonly service: string,
    readonly problems: { variable: string; message: string }[],
  ) {
    super(
      `Invalid configuration for ${service}:\n` +
        problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n'),
    );
  }
}

/**
 * Validates `env` against `schema` once at boot. Empty strings count as unset, so
 * `DATABASE_URL=` in an .env file selects the embedded default like an absent variable.
 */
export function loadConfig<TSchema extends z.ZodType>(
  service: string,
  schema: TSchema,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<TSchema> {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new ConfigError(
    service,
    result.error.issues.map((issue) => ({
      variable: issue.path.map(String).join('.') || '(environment)',
      message: issue.message,
    })),
  );
}

/**
 * Loads the config or stops the process with a message naming the bad variables.
 * For `main.ts` files only: everything else should call `loadConfig` and handle the error.
 */
export function loadConfigOrExit<TSchema extends z.ZodType>(
  service: string,
  schema: TSchema,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<TSchema> {
  try {
    return loadConfig(service, schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
