import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'
import type { S3Settings } from './files/s3-storage.js'
import { literalRefusal } from './lib/outbound-address.js'
import { projectRoot } from './paths.js'

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

export interface Config {
  env: string
  port: number
  host: string
  dataDir: string
  filesDir: string
  /** Uploads in progress (DATA_DIR/tmp); emptied at every start. */
  tmpDir: string
  /** Largest file an upload may carry (SPEC.md: 500 MB); tests set a small one. */
  maxUploadBytes: number
  /** Larger PDFs are delivered as they are, unstamped; tests set a small one. */
  stampMaxBytes: number
  /** The stamping worker's memory cap; past it the PDF is delivered unstamped. */
  stampMaxMemoryMb: number
  /** BACKUP_KEY: the backups' signing key when the owner keeps it outside DATA_DIR. */
  backupKey: string | undefined
  clientDir: string
  /** The storefront's server renderer (a module exporting `renderPage`); absent: pages are sent
   *  empty and drawn by the browser. Tests point it at the source, src/client/entry-server.tsx. */
  ssrEntry: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  /** Put before every Redis key, so several stores (or test runs) can share one Redis. */
  redisPrefix: string
  /** Signs download links and cookies; random per start when unset (links die on restart). */
  sessionSecret: string
  sessionSecretIsEphemeral: boolean
  admin: { email: string | undefined; password: string | undefined }
  publicUrl: string | undefined
  /**
   * Without PUBLIC_URL, the hosts (`loja.com.br`, `loja.com.br:8080`) whose Host header may
   * become the base of the links we hand out; loopback always may. Any other Host gets
   * `http://localhost:PORT`, so a forged Host never reaches a link (docs/decisions/010).
   */
  allowedHosts: string[]
  mercadoPago: {
    accessToken: string | undefined
    webhookSecret: string | undefined
    apiUrl: string
  }
  /** Woovi's address and the key its webhooks are verified with (the AppID is a setting). */
  woovi: { apiUrl: string; webhookPublicKey: string | undefined }
  /** Asaas's address when the operator fixes it (the key and webhook token are settings). */
  asaas: { apiUrl: string | undefined }
  /** The ad platforms' addresses (their ids and tokens are settings); tests use local fakes. */
  ads: { metaGraphUrl: string; ga4Url: string; tiktokUrl: string }
  /** Focus NFe's address, for the nota fiscal (its token is a setting). */
  focusNfe: { apiUrl: string }
  /**
   * The e-mail transport. When set, these win over the smtp_url / mail_from settings of
   * /admin/config (the host's environment is the operator's last word).
   */
  mail: {
    smtpUrl: string | undefined
    from: string | undefined
    /** ALLOW_PRIVATE_INTEGRATIONS: the SMTP server may be on this machine or network. */
    allowPrivate: boolean
  }
  /** undefined: seed when the database has no products. */
  seedDemo: boolean | undefined
  /**
   * Whether the addresses the store calls (the Evolution API, SMTP, the providers' and ad
   * platforms' APIs, the S3 endpoints) may be loopback or a private network: a self-hosted
   * service on the same machine or network. Link-local and metadata addresses never may.
   */
  allowPrivateIntegrations: boolean
  logLevel: string
  /**
   * Which proxies may tell the client IP and https (X-Forwarded-*): none (false), how many hops
   * in front of the server, or their addresses/CIDRs. Never "everyone": then any client picks
   * its IP and every per-IP limit falls.
   */
  trustProxy: TrustProxy
  /**
   * After SIGTERM/SIGINT: how long requests in flight may take before the process exits anyway
   * (non-zero, saying why on stderr), and how long downloads may go on before they are cut for
   * their clients to resume elsewhere (docs/decisions/019-operations.md).
   */
  shutdown: { deadlineMs: number; downloadDrainMs: number }
  /** GET /metrics answers only with this bearer token; without one, 404. */
  metricsToken: string | undefined
  /** Files in an S3-compatible bucket instead of DATA_DIR/files (docs/decisions/019). */
  s3: S3Settings | undefined
  /**
   * The scheduled backups: the folder they are written to, the bucket a copy goes
   * to (never the files' bucket: one mistake or one provider's outage would take both), and
   * whether start-up may migrate without the backup it takes first.
   */
  backups: {
    dir: string
    s3: S3Settings | undefined
    skipPremigrate: boolean
    /** The largest archive the Backup tab's restore takes (RESTORE_MAX_BYTES). */
    restoreMaxBytes: number
  }
}

export type TrustProxy = false | number | string[]

const IP_OR_CIDR = /^(?:[0-9.]+|[0-9a-f:.]+)(?:\/\d{1,3})?$/i

/**
 * `0`/`false`: no proxy. `1` (or `true`): the one proxy in front; the client is the address it
 * saw, the right-most X-Forwarded-For entry. `2`: two proxies. A list (`10.0.0.1,10.1.0.0/16`):
 * exactly those proxies. null for anything else.
 */
export function trustProxyOf(value: string): TrustProxy | null {
  const lower = value.toLowerCase()
  if (['', '0', 'false', 'no', 'off'].includes(lower)) return false
  if (['true', 'yes', 'on'].includes(lower)) return 1
  if (/^\d{1,2}$/.test(lower)) return Number(lower)
  const addresses = lower.split(',').map((a) => a.trim())
  return addresses.every((a) => IP_OR_CIDR.test(a) && /\d/.test(a)) ? addresses : null
}

/**
 * Fastify's form of the rule: a count of hops becomes "the first `n` hops are trusted" (what
 * Fastify does with a number, which its types do not list).
 */
export function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

/** Reads and checks the environment once, failing at boot with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
  const dataDir = path.resolve(projectRoot, e.DATA_DIR)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    tmpDir: path.join(dataDir, 'tmp'),
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    stampMaxBytes: e.STAMP_MAX_BYTES,
    stampMaxMemoryMb: e.STAMP_MAX_MEMORY_MB,
    backupKey: e.BACKUP_KEY,
    clientDir: path.join(projectRoot, 'dist', 'client'),
    ssrEntry: path.join(projectRoot, 'dist', 'ssr', 'entry-server.js'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    sessionSecretIsEphemeral: !e.SESSION_SECRET,
    admin: { email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    mercadoPago: {
      accessToken: e.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET,
      apiUrl: e.MERCADOPAGO_API_URL.replace(/\/+$/, ''),
    },
    woovi: {
      apiUrl: e.WOOVI_API_URL.replace(/\/+$/, ''),
      // A PEM pasted into one env line keeps its line breaks as \n.
      webhookPublicKey: e.WOOVI_WEBHOOK_PUBLIC_KEY?.replace(/\\n/g, '\n'),
    },
    asaas: { apiUrl: e.ASAAS_API_URL?.replace(/\/+$/, '') },
    ads: {
      metaGraphUrl: e.META_GRAPH_URL.replace(/\/+$/, ''),
      ga4Url: e.GA4_MP_URL.replace(/\/+$/, ''),
      tiktokUrl: e.TIKTOK_API_URL.replace(/\/+$/, ''),
    },
    focusNfe: { apiUrl: e.FOCUSNFE_API_URL.replace(/\/+$/, '') },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, allowPrivate },
    seedDemo: e.SEED_DEMO,
    allowPrivateIntegrations: allowPrivate,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          allowPrivate,
        }
      : undefined,
    backups: {
      restoreMaxBytes: e.RESTORE_MAX_BYTES,
      dir: e.BACKUP_DIR ? path.resolve(projectRoot, e.BACKUP_DIR) : path.join(dataDir, 'backups'),
      s3: e.BACKUP_S3_BUCKET
        ? {
            bucket: e.BACKUP_S3_BUCKET,
            region: e.BACKUP_S3_REGION,
            endpoint: e.BACKUP_S3_ENDPOINT?.replace(/\/+$/, ''),
            accessKeyId: e.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: e.BACKUP_S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.BACKUP_S3_FORCE_PATH_STYLE ?? false,
            allowPrivate,
          }
        : undefined,
      skipPremigrate: e.SKIP_PREMIGRATE_BACKUP ?? false,
    },
    shutdown: {
      deadlineMs: e.SHUTDOWN_TIMEOUT_MS,
      // Cut before the deadline, so the cut downloads' sockets have time to close.
      downloadDrainMs: Math.min(e.DOWNLOAD_DRAIN_MS, Math.max(0, e.SHUTDOWN_TIMEOUT_MS - 2_000)),
    },
  }
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
