import { z } from 'zod'

/**
 * C0 control characters except tab, line feed and carriage return. PostgreSQL refuses NUL in text outright, and
 * the others have no business in a name, an address or a description (they hide text and break CSV exports).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/

export const CONTROL_CHARS_MESSAGE = 'O texto contém caracteres de controle não permitidos.'

export function hasControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value)
}

/**
 * A string schema that refuses control characters, for forms and routes alike. The server also refuses them in any
 * request (src/platform/input-guard.ts), so this refinement is what gives the form its message under the field.
 */
export function text(schema: z.ZodString = z.string()) {
  return schema.refine((v) => !hasControlChars(v), CONTROL_CHARS_MESSAGE)
}
