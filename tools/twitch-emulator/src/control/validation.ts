import { HttpError, readBody, type RequestContext } from '../http/http.js';

/** Control API errors: 400 with `{error}` naming what was wrong. */
export function badRequest(message: string): HttpError {
  return new HttpError(400, { error: message });
}

export function notFound(message: string): HttpError {
  return new HttpError(404, { error: message });
}

export type JsonObject = Record<string, unknown>;

export async function readJsonBody(context: RequestContext): Promise<JsonObject> {
  const text = await readBody(context.req);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('request body must be a JSON object');
  }
  return parsed as JsonObject;
}

export function requiredString(body: JsonObject, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '')
    throw badRequest(`"${key}" must be a non-empty string`);
  return value;
}

export function optionalString(body: JsonObject, key: string): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`"${key}" must be a string`);
  return value;
}

export function optionalNumber(
  body: JsonObject,
  key: string,
  range: { min: number; max: number; integer?: boolean },
): number | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw badRequest(`"${key}" must be a number`);
  if (range.integer && !Number.isInteger(value)) throw badRequest(`"${key}" must be an integer`);
  if (value < range.min || value > range.max) {
    throw badRequest(`"${key}" must be between ${range.min} and ${range.max}`);
  }
  return value;
}

export function requiredNumber(
  body: JsonObject,
  key: string,
  range: { min: number; max: number; integer?: boolean },
): number {
  const value = optionalNumber(body, key, range);
  if (value === undefined) throw badRequest(`"${key}" is required`);
  return value;
}

export function optionalBoolean(body: JsonObject, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`"${key}" must be true or false`);
  return value;
}

export function requiredArray(body: JsonObject, key: string, maxLength: number): unknown[] {
  const value = body[key];
  if (!Array.isArray(value) || value.length === 0)
    throw badRequest(`"${key}" must be a non-empty array`);
  if (value.length > maxLength) throw badRequest(`"${key}" may hold at most ${maxLength} items`);
  return value;
}

export function asObject(value: unknown, what: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(`${what} must be an object`);
  return value as JsonObject;
}

/** `{ "tag": "value" }` with string values only. */
export function optionalTags(
  body: JsonObject,
  key: string,
  what: string,
): Record<string, string> | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  const tags = asObject(value, `${what}.${key}`);
  for (const [name, tagValue] of Object.entries(tags)) {
    if (!/^[a-z0-9-]+$/i.test(name))
      throw badRequest(`${what}.${key}: "${name}" is not a valid tag name`);
    if (typeof tagValue !== 'string') throw badRequest(`${what}.${key}.${name} must be a string`);
  }
  return tags as Record<string, string>;
}
