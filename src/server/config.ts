import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { parseEnv } from './config-env.js'
import type { S3Settings } from './files/s3-storage.js'
import { projectRoot } from './paths.js'
import type { TrustProxy } from './trust-proxy.js'

export { fastifyTrustProxy, trustProxyOf, type TrustProxy } from './trust-proxy.js'

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

/** Reads and checks the environment once, failing at boot with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env)
  const allowPrivate = e.ALLOW_PRIVATE_INTEGRATIONS ?? false
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
