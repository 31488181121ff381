/**
 * The kinds of value a setting holds (decision 024). Each kind is a zod schema over the text the
 * admin types (the same text the `settings` table stores): it checks and normalises it, with
 * the Portuguese message the form and the API answer, and gives the typed value. `read` takes
 * stored text back to that value without judging it again (a row written before a rule existed
 * still reads). The server and the admin form both validate with these, so a bound is written
 * once, where the setting is declared.
 */
import { z } from 'zod'
import { normaliseWhatsapp } from './phone.js'
import { taxIdDigits, taxIdKind } from './tax-id.js'

export type SettingKind =
  | 'text'
  | 'flag'
  | 'int'
  | 'choice'
  | 'url'
  | 'image'
  | 'email'
  | 'sender'
  | 'smtp'
  | 'whatsapp'
  | 'token'

export interface SettingType<T> {
  kind: SettingKind
  /** Checks and normalises the typed text; its first issue is the answer's `message`. */
  schema: z.ZodType<T, string>
  /** Stored text as the typed value; undefined when it cannot be one (the default applies). */
  read: (text: string) => T | undefined
  /** Whole numbers: the accepted range (the form's min/max and its hint come from here). */
  min?: number
  max?: number
  /** Text and tokens: the shortest and longest value accepted. */
  minLength?: number
  maxLength?: number
  /** Choices: the accepted values. */
  options?: readonly string[]
  /** Choices: what the owner reads for each value (a form never shows the stored word). */
  optionLabels?: Readonly<Record<string, string>>
}

const asText = (text: string) => text

/** Free text up to `maxLength` characters; empty is allowed. */
export function text(maxLength: number): SettingType<string> {
  return {
    kind: 'text',
    maxLength,
    schema: z
      .string()
      .trim()
      .max(maxLength, { error: `Texto longo demais: use até ${maxLength} caracteres` }),
    read: asText,
  }
}

const FLAG_MESSAGE = 'Use true (ligado) ou false (desligado)'

/** On/off, stored as 'true' / 'false'. */
export function flag(): SettingType<boolean> {
  return {
    kind: 'flag',
    schema: z
      .string()
      .trim()
      .pipe(z.enum(['true', 'false'], { error: FLAG_MESSAGE }))
      .transform((v) => v === 'true'),
    read: (t) => (t === 'true' ? true : t === 'false' ? false : undefined),
  }
}

/**
 * A whole number from `min` to `max` (without `max`: up to 999 999, a bound the form does not
 * show); `message` says so in the setting's unit. Stored text out of range (written before the
 * rule, or by hand) reads as the nearest bound.
 */
export function int(
  range: { min: number; max?: number },
  message: (range: { min: number; max?: number }) => string,
): SettingType<number> {
  const { min } = range
  const max = range.max ?? 999_999
  const error = message(range)
  return {
    kind: 'int',
    min,
    max: range.max,
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, { error })
      .transform(Number)
      .pipe(z.number().int().min(min, { error }).max(max, { error })),
    read: (t) => {
      const n = Number.parseInt(t, 10)
      return Number.isInteger(n) ? Math.min(Math.max(n, min), max) : undefined
    },
  }
}

/** One of `options`, lower case; empty means the first option. `labels` name each for a form. */
export function choice<const O extends readonly [string, ...string[]]>(
  options: O,
  message: string,
  labels?: Record<O[number], string>,
): SettingType<O[number]> {
  const oneOf = (t: string): t is O[number] => options.includes(t)
  return {
    kind: 'choice',
    options,
    optionLabels: labels,
    schema: z
      .string()
      .trim()
      .toLowerCase()
      .transform((v) => v || options[0])
      .pipe(z.enum(options, { error: message })) as z.ZodType<O[number], string>,
    read: (t) => (oneOf(t) ? t : undefined),
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** An http(s) address without its trailing slashes; empty is allowed. */
export function url(): SettingType<string> {
  return {
    kind: 'url',
    schema: z
      .string()
      .trim()
      .refine((v) => !v || isHttpUrl(v), {
        error: 'URL inválida: use um endereço http:// ou https://',
      })
      .transform((v) => v.replace(/\/+$/, '')),
    read: asText,
  }
}

/** A picture of the store's own (/api/products/1/image) or one hosted elsewhere (http[s]). */
export function image(): SettingType<string> {
  return {
    kind: 'image',
    schema: z
      .string()
      .trim()
      .refine((v) => !v || v.startsWith('/') || isHttpUrl(v), {
        error: 'Imagem inválida: use um endereço https:// ou um caminho que comece com /',
      }),
    read: asText,
  }
}

const isEmail = (value: string) => z.email().safeParse(value).success

/** An e-mail address, lower case; empty is allowed. */
export function email(): SettingType<string> {
  return {
    kind: 'email',
    schema: z
      .string()
      .trim()
      .refine((v) => !v || isEmail(v), { error: 'E-mail inválido' })
      .transform((v) => v.toLowerCase()),
    read: asText,
  }
}

/** A sender: a bare address or 'Name <address>', what nodemailer and mail servers accept. */
export function sender(): SettingType<string> {
  const addressOf = (v: string) => (/<([^>]+)>\s*$/.exec(v)?.[1] ?? v).trim()
  return {
    kind: 'sender',
    schema: z
      .string()
      .trim()
      .refine((v) => !v || isEmail(addressOf(v)), {
        error: 'Remetente inválido: use loja@exemplo.com.br ou Loja <loja@exemplo.com.br>',
      }),
    read: asText,
  }
}

/** An SMTP server address, smtp:// or smtps://, usually with its user and password. */
export function smtp(): SettingType<string> {
  return {
    kind: 'smtp',
    schema: z
      .string()
      .trim()
      .refine((v) => !v || /^smtps?:\/\/[^\s/]+/i.test(v), {
        error: 'Servidor SMTP inválido: use smtp://usuario:senha@servidor:587 ou smtps://...',
      }),
    read: asText,
  }
}

/** A Brazilian WhatsApp number, stored normalised (5511987654321); empty is allowed. */
export function whatsapp(): SettingType<string> {
  return {
    kind: 'whatsapp',
    schema: z.string().transform((v, ctx) => {
      if (!v.trim()) return ''
      const number = normaliseWhatsapp(v)
      if (number) return number
      ctx.addIssue({
        code: 'custom',
        message:
          'WhatsApp inválido: use código do país + DDD + número, sem espaços (5511987654321)',
      })
      return z.NEVER
    }),
    read: asText,
  }
}

/**
 * A key or token pasted from a provider's panel: `pattern` when filled in, and `length` (whose
 * bounds the message and the form's hint are written from) when given; empty is allowed.
 */
export function token(
  pattern: RegExp,
  message: string | ((length: { min: number; max: number }) => string),
  length?: { min: number; max: number },
): SettingType<string> {
  const error = typeof message === 'string' ? message : message(length ?? { min: 0, max: 0 })
  const fits = (v: string) => !length || (v.length >= length.min && v.length <= length.max)
  return {
    kind: 'token',
    minLength: length?.min,
    maxLength: length?.max,
    schema: z
      .string()
      .trim()
      .refine((v) => !v || (pattern.test(v) && fits(v)), { error }),
    read: asText,
  }
}

/** Text that may not be left empty (the store's name): `message` when it is. */
export function requiredText(maxLength: number, message: string): SettingType<string> {
  return {
    kind: 'text',
    maxLength,
    minLength: 1,
    schema: z
      .string()
      .trim()
      .min(1, { error: message })
      .max(maxLength, { error: `Texto longo demais: use até ${maxLength} caracteres` }),
    read: (t) => (t.trim() ? t : undefined),
  }
}

/** A CPF or a CNPJ, checked digit by digit (tax-id.ts) and stored as digits; empty is allowed. */
export function taxId(): SettingType<string> {
  return {
    kind: 'text',
    maxLength: 18,
    schema: z
      .string()
      .trim()
      .refine((v) => !v || taxIdKind(v) !== null, {
        error: 'CPF ou CNPJ inválido: confira os números (11 do CPF ou 14 do CNPJ)',
      })
      .transform(taxIdDigits),
    read: asText,
  }
}

/** A Brazilian phone, landline or mobile, with DDD (10 to 13 digits); kept as typed. */
export function phone(): SettingType<string> {
  return {
    kind: 'text',
    maxLength: 30,
    schema: z
      .string()
      .trim()
      .max(30, { error: 'Telefone longo demais' })
      .refine((v) => !v || /^[\d\s()+-]+$/.test(v), {
        error: 'Telefone inválido: use DDD e número, como (21) 3456-7890',
      })
      .refine((v) => !v || /^\d{10,13}$/.test(v.replace(/\D/g, '')), {
        error: 'Telefone inválido: use DDD e número, como (21) 3456-7890',
      }),
    read: asText,
  }
}
