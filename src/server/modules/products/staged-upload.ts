import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { UPLOAD_LIMITS } from '../../../contracts/product-form.js'
import { AppError } from '../../errors.js'
import { cleanFileName, detectDownload, detectImage } from '../../files/file-types.js'
import { receiveToTemp, type TempFile } from '../../files/temp-file.js'

/** The four kinds of file a product has: its cover, extra images, main file, extra files. */
export type FileGroup = 'cover' | 'images' | 'main' | 'files'

export interface StagedFile extends TempFile {
  group: FileGroup
  fileName: string
}

export interface StageLimits {
  maxBytes: number
  /** 10 on create, 5 on edit (SPEC.md section 5). */
  extraImages: number
}

const mb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))}MB` : `${Math.ceil(bytes / 1024)}KB`

/**
 * One upload's files while it is still arriving, each in a temporary file under its own folder
 * of DATA_DIR/tmp. Nothing here is in storage or in the database yet; `discard` removes it all.
 */
export class StagedUpload {
  readonly files: StagedFile[] = []

  private constructor(
    readonly dir: string,
    private readonly limits: StageLimits,
  ) {}

  static async open(tmpDir: string, limits: StageLimits): Promise<StagedUpload> {
    const dir = path.join(tmpDir, randomUUID())
    await mkdir(dir, { recursive: true })
    return new StagedUpload(dir, limits)
  }

  of(group: FileGroup): StagedFile[] {
    return this.files.filter((f) => f.group === group)
  }

  has(group: FileGroup): boolean {
    return this.files.some((f) => f.group === group)
  }

  /** Receives one file of `group`, refusing it before reading when its group is full. */
  async add(group: FileGroup, source: Readable, rawName: string): Promise<void> {
    this.checkCount(group)
    const image = group === 'cover' || group === 'images'
    const maxBytes = image
      ? Math.min(UPLOAD_LIMITS.imageBytes, this.limits.maxBytes)
      : this.limits.maxBytes
    const temp = await receiveToTemp(source, {
      dir: this.dir,
      maxBytes,
      tooLarge: image
        ? `A imagem deve ter no máximo ${mb(maxBytes)}`
        : `Cada arquivo deve ter no máximo ${mb(maxBytes)}`,
      detect: (head) => (image ? detectImage(head, rawName) : detectDownload(head, rawName)),
    })
    this.files.push({ ...temp, group, fileName: cleanFileName(rawName, temp.ext) })
  }

  private checkCount(group: FileGroup) {
    const count = this.of(group).length
    if (group === 'cover' && count >= 1) throw tooMany('Envie apenas uma imagem principal')
    if (group === 'main' && count >= 1) throw tooMany('Envie apenas um arquivo principal')
    if (group === 'images' && count >= this.limits.extraImages) {
      throw tooMany(`Máximo de ${this.limits.extraImages} imagens adicionais permitidas`)
    }
    if (group === 'files' && count >= UPLOAD_LIMITS.downloadFiles) {
      throw tooMany(`Máximo de ${UPLOAD_LIMITS.downloadFiles} arquivos adicionais permitidos`)
    }
  }

  /** Removes whatever is still here; files already moved into storage are not here anymore. */
  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true })
  }
}

const tooMany = (message: string) => new AppError('bad_request', message)
