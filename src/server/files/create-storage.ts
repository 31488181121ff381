import type { Config } from '../config.js'
import { S3Storage } from './s3-storage.js'
import { LocalDiskStorage, type FileStorage } from './storage.js'

/** The bucket when S3_BUCKET is set, else DATA_DIR/files (the default). */
export function createStorage(config: Pick<Config, 's3' | 'filesDir'>): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.filesDir)
}
