import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { meteredStream } from './metered.js'

export interface StoredObject {
  size: number
  sha256: string
}

export type RandomAccessFile = Pick<FileHandle, 'read' | 'close'>

/** Where uploaded images and files live. Keys are relative paths such as `files/ab/cd.pdf`. */
export interface FileStorage {
  /** Streams `source` into `key`; the key appears whole or not at all. */
  put(key: string, source: Readable | Buffer, opts?: { maxBytes?: number }): Promise<StoredObject>
  /** Reads bytes `start..end` (inclusive) or the whole object. */
  read(key: string, range?: { start: number; end: number }): Readable
  size(key: string): Promise<number | null>
  /**
   * Random access for big downloads (downloads/copy-file.ts), which then reuse two buffers
   * instead of leaving one behind per chunk. A storage without it is read as a stream.
   */
  open?(key: string): Promise<RandomAccessFile>
  remove(key: string): Promise<void>
  /**
   * Moves a finished local file (an upload's temporary file) into `key`. On the same disk this
   * is a rename: a 500 MB upload is written once, not twice.
   */
  adopt(key: string, localPath: string): Promise<void>
  /** Rejects when the storage cannot be reached (/readyz); local disk has nothing to check. */
  check?(): Promise<void>
}

/** Local disk under one folder, outside any web root. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key)
    // A key is ours, never a user's, but a path escaping the root would be a disaster anyway.
    if (!full.startsWith(this.root + path.sep)) throw new Error(`invalid storage key ${key}`)
    return full
  }

  async put(key: string, source: Readable | Buffer, opts: { maxBytes?: number } = {}) {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    // Written beside the target and renamed: a crash mid-write never leaves a partial object.
    const temp = `${target}.${randomUUID()}.part`
    const { meter, stored } = meteredStream(opts.maxBytes)
    const input = Buffer.isBuffer(source) ? Readable.from([source]) : source
    try {
      await pipeline(input, meter, createWriteStream(temp))
      await rename(temp, target)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    return stored()
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range)
  }

  open(key: string): Promise<RandomAccessFile> {
    return open(this.pathOf(key), 'r')
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size
    } catch {
      return null
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }

  async adopt(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    try {
      await rename(localPath, target)
      // The rename itself must survive a power cut, or a committed product could lose its file.
      const dir = await open(path.dirname(target), 'r')
      await dir.sync().finally(() => dir.close())
    } catch (error) {
      // Another file system (DATA_DIR/tmp mounted elsewhere): copy, atomically, then drop.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
      await this.put(key, createReadStream(localPath))
      await rm(localPath, { force: true })
    }
  }
}
