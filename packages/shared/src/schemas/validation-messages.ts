/**
 * Validation messages travel as i18n keys with parameters, so one zod schema serves the
 * form (which translates the key) and the server (which answers the English text).
 * Encoded as `key` or `key|{"min":8}`.
 */
export const VALIDATION_TEXT_EN = {
  'validation.required': 'Value is required',
  'validation.email': 'Value is not a valid email address',
  'validation.min_length': 'This field should be at least {min} characters long',
  'validation.max_length': 'This field should be at most {max} characters long',
} as const;

export type ValidationKey = keyof typeof VALIDATION_TEXT_EN;
export type ValidationParams = Record<string, string | number>;

export function validationMessage(key: ValidationKey, params?: ValidationParams): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

export function decodeValidationMessage(message: string): {
  key: string;
  params: ValidationParams;
} {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) };
  } catch {
    return { key: message, params: {} };
  }
}

/** The English text of an encoded message; other messages pass through unchanged. */
export function validationTextEn(message: string): string {
  const { key, params } = decodeValidationMessage(message);
  const text = (VALIDATION_TEXT_EN as Record<string, string>)[key];
  if (!text) return message;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
