import { z } from 'zod'
import { literalRefusal } from './lib/outbound-address.js'
import { trustProxyOf } from './trust-proxy.js'

// The environment as the operator writes it: each variable's syntax and the rules between
// variables, checked once at boot. config.ts turns the result into the typed Config.

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

const EnvSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ error: 'DATABASE_URL deve ser uma URL postgres://' }).optional(),
  REDIS_URL: z.url().optional(),
  REDIS_PREFIX: z.string().default('loja:'),
  SESSION_SECRET: z
    .string()
    .min(16, { error: 'SESSION_SECRET precisa de 16 caracteres ou mais' })
    .optional(),
  ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL inválido' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(6, { error: 'ADMIN_PASSWORD precisa de 6 caracteres ou mais' })
    .optional(),
  PUBLIC_URL: z.url().optional(),
  ALLOWED_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().optional(),
  MERCADOPAGO_API_URL: z.url().default('https://api.mercadopago.com'),
  WOOVI_API_URL: z.url().default('https://api.woovi.com'),
  META_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  GA4_MP_URL: z.url().default('https://www.google-analytics.com'),
  TIKTOK_API_URL: z.url().default('https://business-api.tiktok.com'),
  WOOVI_WEBHOOK_PUBLIC_KEY: z.string().optional(),
  /** Unset: production, or the sandbox for a sandbox key ($aact_hmlg_…). */
  ASAAS_API_URL: z.url().optional(),
  /** Focus NFe's API (https://focusnfe.com.br/doc/#nfse); its sandbox is https://homologacao.focusnfe.com.br. */
  FOCUSNFE_API_URL: z.url().default('https://api.focusnfe.com.br'),
  SMTP_URL: z
    .url({ error: 'SMTP_URL deve ser uma URL smtp:// ou smtps://' })
    .refine((v) => /^smtps?:\/\//i.test(v), {
      error: 'SMTP_URL deve começar com smtp:// ou smtps://',
    })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  SEED_DEMO: flag.optional(),
  ALLOW_PRIVATE_INTEGRATIONS: flag.optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const trust = trustProxyOf(value)
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY deve ser 0, o número de proxies à frente (1) ou uma lista de endereços/CIDR',
        })
        return z.NEVER
      }
      return trust
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * 1024 * 1024),
  STAMP_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /** The largest backup the admin's Backup tab takes to restore (files included). */
  RESTORE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 ** 3),
  /** A PDF whose stamp needs more memory than this is delivered unstamped. */
  STAMP_MAX_MEMORY_MB: z.coerce.number().int().min(64).default(768),
  /** The key backups are signed with (64 hex characters); else DATA_DIR/backup.key (decision 022). */
  BACKUP_KEY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, { error: 'BACKUP_KEY deve ter 64 caracteres de 0-9 e a-f' })
    .optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'METRICS_TOKEN precisa de 16 caracteres ou mais' })
    .optional(),
  S3_BUCKET: z.string().trim().min(3, { error: 'S3_BUCKET inválido' }).optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT deve ser uma URL https://' }).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  /** Where the scheduled backups are written; default DATA_DIR/backups. */
  BACKUP_DIR: z.string().trim().optional(),
  /** A copy of each backup off the machine: another bucket than the files' (S3_BUCKET). */
  BACKUP_S3_BUCKET: z.string().trim().min(3, { error: 'BACKUP_S3_BUCKET inválido' }).optional(),
  BACKUP_S3_REGION: z.string().trim().default('us-east-1'),
  BACKUP_S3_ENDPOINT: z.url({ error: 'BACKUP_S3_ENDPOINT deve ser uma URL https://' }).optional(),
  BACKUP_S3_ACCESS_KEY_ID: z.string().trim().optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  BACKUP_S3_FORCE_PATH_STYLE: flag.optional(),
  /** Start without the backup taken before pending migrations (the owner's explicit call). */
  SKIP_PREMIGRATE_BACKUP: flag.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(25_000),
  DOWNLOAD_DRAIN_MS: z.coerce.number().int().min(0).default(10_000),
})

export type Env = z.infer<typeof EnvSchema>

/** The environment parsed and checked, or an Error listing every variable that is wrong. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.safeParse(emptyToUndefined(env))
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Configuração inválida:\n  S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vão juntos (ou nenhum dos dois)',
    )
  }
  if (!e.BACKUP_S3_ACCESS_KEY_ID !== !e.BACKUP_S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Configuração inválida:\n  BACKUP_S3_ACCESS_KEY_ID e BACKUP_S3_SECRET_ACCESS_KEY vão juntos (ou nenhum dos dois)',
    )
  }
  if (
    e.BACKUP_S3_BUCKET &&
    e.BACKUP_S3_BUCKET === e.S3_BUCKET &&
    (e.BACKUP_S3_ENDPOINT ?? '') === (e.S3_ENDPOINT ?? '')
  ) {
    throw new Error(
      'Configuração inválida:\n  BACKUP_S3_BUCKET deve ser outro bucket que S3_BUCKET (os backups não ficam junto dos arquivos)',
    )
  }
  const allowPrivate = e.ALLOW_PRIVATE_INTEGRATIONS ?? false
  const refused = outboundRefusals(
    {
      SMTP_URL: e.SMTP_URL,
      MERCADOPAGO_API_URL: e.MERCADOPAGO_API_URL,
      WOOVI_API_URL: e.WOOVI_API_URL,
      ASAAS_API_URL: e.ASAAS_API_URL,
      FOCUSNFE_API_URL: e.FOCUSNFE_API_URL,
      META_GRAPH_URL: e.META_GRAPH_URL,
      GA4_MP_URL: e.GA4_MP_URL,
      TIKTOK_API_URL: e.TIKTOK_API_URL,
      S3_ENDPOINT: e.S3_ENDPOINT,
      BACKUP_S3_ENDPOINT: e.BACKUP_S3_ENDPOINT,
    },
    allowPrivate,
  )
  if (refused.length) throw new Error(`Configuração inválida:\n${refused.join('\n')}`)
  return e
}

/**
 * The outbound-address rule (lib/outbound-address.ts) for the addresses the environment names,
 * at start: a host written as an IP is judged now (a connection to it looks nothing up); a name
 * is judged at each connection. One line per refused variable.
 */
function outboundRefusals(urls: Record<string, string | undefined>, allowPrivate: boolean) {
  const lines: string[] = []
  for (const [name, url] of Object.entries(urls)) {
    const kind = url ? literalRefusal(url, allowPrivate) : null
    if (kind === 'never') {
      lines.push(`  ${name}: endereços link-local e de metadados (169.254.x.x) nunca são aceitos`)
    } else if (kind === 'private') {
      lines.push(
        `  ${name}: aponta para esta máquina ou uma rede privada; para um serviço na mesma máquina ou rede, defina ALLOW_PRIVATE_INTEGRATIONS=1`,
      )
    }
  }
  return lines
}

/** `FOO=` in a shell or .env means "not set", not "set to the empty string". */
function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]))
}
