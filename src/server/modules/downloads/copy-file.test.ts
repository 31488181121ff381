import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { RandomAccessFile } from '../../files/storage.js'
import { copyRange } from './copy-file.js'

// Several of copyRange's 1 MiB reads.
const source = randomBytes(5_000_000)
let reads = 0

/** The file as a buffer, with the FileHandle.read signature copyRange uses. */
const file = {
  async read(buffer: Buffer, offset: number, length: number, position: number) {
    reads += 1
    const bytesRead = source.copy(buffer, offset, position, position + length)
    return { bytesRead, buffer }
  },
  async close() {},
} as unknown as RandomAccessFile

/** A slow socket: takes each chunk a moment later, copying it as a socket would. */
function slowSink(opts: { failAfter?: number } = {}) {
  const received: Buffer[] = []
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      received.push(Buffer.from(chunk))
      if (opts.failAfter !== undefined && received.length >= opts.failAfter) {
        sink.destroy()
        return
      }
      setTimeout(done, 1)
    },
  })
  return { sink, received }
}

describe('copyRange', () => {
  it('writes exactly the requested bytes, in order, through reused buffers', async () => {
    const { sink, received } = slowSink()
    await copyRange(file, { start: 1000, end: 4_500_000 }, sink)
    expect(Buffer.concat(received).equals(source.subarray(1000, 4_500_001))).toBe(true)
  })

  it('stops reading as soon as the client is gone', async () => {
    reads = 0
    const { sink } = slowSink({ failAfter: 2 })
    await copyRange(file, { start: 0, end: source.length - 1 }, sink)
    expect(sink.destroyed).toBe(true)
    expect(reads).toBeLessThanOrEqual(3)
  })
})
