import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { PassThrough, Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { meteredStream } from './metered.js'
import { readBufferAgents } from './read-buffer-agents.js'
import type { FileStorage } from './storage.js'

export interface S3Settings {
  bucket: string
  region: string
  /** Another provider than AWS (R2, B2, MinIO...): its API address. */
  endpoint: string | undefined
  /** Unset: the SDK's own chain (environment, instance role). */
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most local servers). */
  forcePathStyle: boolean
  /** ALLOW_PRIVATE_INTEGRATIONS: the endpoint may be loopback or private (never link-local). */
  allowPrivate: boolean
}

/**
 * A multipart upload holds at most `QUEUE_SIZE` parts in flight plus the one being filled:
 * 3 × 5 MB whatever the file's size. 5 MB is S3's smallest part; with its 10 000 parts at most,
 * that still carries files up to 48 GB, far past the upload limit.
 */
export const PART_SIZE = 5 * 1024 * 1024
export const QUEUE_SIZE = 2

/** An S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO...). */
export class S3Storage implements FileStorage {
  readonly client: S3Client
  readonly bucket: string

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only when the operation requires them: R2, B2 and older MinIO reject the
      // CRC32 trailers the SDK sends by default since 3.729; the store hashes every file itself.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Sockets that read into one buffer each: downloads make half the garbage.
      requestHandler: readBufferAgents(settings.allowPrivate),
    })
  }

  async put(key: string, source: Readable | Buffer, opts: { maxBytes?: number } = {}) {
    const { meter, stored } = meteredStream(opts.maxBytes)
    const input = Buffer.isBuffer(source) ? Readable.from([source]) : source
    const body = new PassThrough({ highWaterMark: 1024 * 1024 })
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed multipart upload is aborted, its parts dropped: no object, no bill for parts.
      leavePartsOnError: false,
    })
    const feeding = pipeline(input, meter, body)
    // Whichever fails first stops the other: a bad source aborts the upload, a refused upload
    // stops reading the source.
    feeding.catch(() => upload.abort().catch(() => {}))
    try {
      await Promise.all([feeding, upload.done()])
    } catch (error) {
      await upload.abort().catch(() => {})
      input.destroy()
      // Nothing to remove: a multipart upload is aborted with its parts, and a small body is
      // sent in one PutObject only once it has been read whole. (Removing `key` here would be
      // wrong anyway: image keys are content-addressed, another product may hold the object.)
      throw error
    }
    return stored()
  }

  /** The object's bytes (`start..end` inclusive, or all), fetched when the stream is read. */
  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough({ highWaterMark: 256 * 1024 })
    const abort = new AbortController()
    out.once('close', () => abort.abort())
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        { abortSignal: abort.signal },
      )
      .then((answer) => pipeline(answer.Body as Readable, out))
      .catch((error: Error) => out.destroy(error))
    return out
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return head.ContentLength ?? 0
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  /** An upload's temporary file becomes an object (streamed, multipart when big), then goes. */
  async adopt(key: string, localPath: string): Promise<void> {
    await this.put(key, createReadStream(localPath))
    await rm(localPath, { force: true })
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
  }

  /** Every key in the bucket with its size, page by page (storage:migrate). */
  async *list(): AsyncGenerator<{ key: string; size: number }> {
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      )
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0 }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  close(): void {
    this.client.destroy()
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as S3ServiceException
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404
}
