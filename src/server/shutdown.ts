import { write, writeSync } from 'node:fs'
import type { Server } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'
import type { App } from './app-types.js'
import type { Database } from './db/client.js'

/**
 * Says `line` on stderr without ever waiting or throwing: a pipe whose reader is gone (EPIPE)
 * or is full must not hold up or crash a process on its way out.
 */
export function sayOnStderr(line: string): void {
  try {
    writeSync(2, `${line}\n`)
  } catch {
    // Nobody is reading: nothing to tell.
  }
}

/**
 * The log's way to stdout. Not pino's default (an asynchronous sonic-boom), whose flush at exit
 * retries a write that fails with EPIPE forever: a server whose stdout had lost its reader
 * never exited after SIGTERM. Here lines are written one batch at a time in the background, so
 * a reader that stops reading never blocks the store (past `maxQueued` bytes waiting, lines are
 * dropped); EPIPE ends the logging; nothing is flushed at exit, so nothing can hold the exit.
 */
export function stdoutLog(fd = 1, maxQueued = 4 * 1024 * 1024) {
  let gone = false
  let writing = false
  let queued = 0
  const queue: Buffer[] = []
  const next = () => {
    if (gone || writing || queue.length === 0) return
    const batch = Buffer.concat(queue.splice(0))
    writing = true
    write(fd, batch, (error, written) => {
      writing = false
      if (error && error.code === 'EAGAIN') {
        // A full non-blocking pipe: try again shortly, without keeping the process alive.
        queue.unshift(batch)
        setTimeout(next, 20).unref()
        return
      }
      if (error) {
        // EPIPE (nobody reads any more) or worse: the log is over.
        gone = true
        queue.length = 0
        queued = 0
        return
      }
      queued -= written
      if (written < batch.length) queue.unshift(batch.subarray(written))
      next()
    })
  }
  return {
    write(line: string) {
      if (gone) return
      const bytes = Buffer.from(line)
      if (queued + bytes.length > maxQueued) return
      queue.push(bytes)
      queued += bytes.length
      next()
    },
    /** Resolves once what was logged is written (or the log is over), or after `waitMs`. */
    async settle(waitMs: number): Promise<void> {
      const until = Date.now() + waitMs
      while (!gone && (writing || queue.length > 0) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
  }
}

/**
 * stdout/stderr whose reader went away answer writes with EPIPE, emitted as an 'error' that
 * would otherwise end the process mid-request (or mid-shutdown) as an uncaught exception.
 */
export function ignoreBrokenPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', () => {})
  }
}

/** A connection that has sent nothing yet gets this long to send its request when draining. */
const FRESH_GRACE_MS = 1_000

/**
 * The server's connections, with the requests each has in flight. Node's own `closeIdle
 * Connections` also closes a connection just accepted whose request has not been read yet, and
 * its client sees a reset for a request the store had taken: here only a connection that has
 * been answered and waits for another request, or that sent nothing for a second, is closed.
 */
export function trackConnections(server: Server) {
  const sockets = new Map<Socket, { since: number; inFlight: number; served: number }>()
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { since: Date.now(), inFlight: 0, served: 0 })
    socket.once('close', () => sockets.delete(socket))
  })
  server.on('request', (req, res) => {
    const state = sockets.get(req.socket)
    if (!state) return
    state.inFlight++
    res.once('close', () => {
      state.inFlight--
      state.served++
    })
  })
  return {
    get size() {
      return sockets.size
    },
    /** Closes the connections no request is using; how many are left. */
    closeIdle(): number {
      const now = Date.now()
      for (const [socket, state] of sockets) {
        if (state.inFlight === 0 && (state.served > 0 || now - state.since >= FRESH_GRACE_MS)) {
          socket.destroy()
          sockets.delete(socket)
        }
      }
      return sockets.size
    },
  }
}

export interface ShutdownOptions {
  app: App
  database: Database
  deadlineMs: number
  downloadDrainMs: number
  /** The log's last lines get this chance to be written before a clean exit (never past 500 ms). */
  settleLog?: (waitMs: number) => Promise<void>
  exit?: (code: number) => void
}

/**
 * SIGTERM/SIGINT (docs/decisions/019-operations.md): /readyz says so, the listening socket
 * closes, requests in flight finish (downloads until `downloadDrainMs`, then cut for their
 * clients to resume), the workers finish their current job, the database closes, exit 0.
 * Whatever still holds on at `deadlineMs` does not keep the process: it exits 1, saying what
 * was pending on stderr. A second signal changes nothing (npm forwards the one its process
 * group also got).
 */
export function installShutdown(opts: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code))
  const { app, database } = opts
  let closing: Promise<void> | null = null
  const connections = trackConnections(app.server)

  const run = async (signal: string) => {
    app.lifecycle.beginDrain()
    app.log.info({ signal }, 'shutting down')
    const deadline = setTimeout(() => {
      const pending = process.getActiveResourcesInfo().filter((r) => r !== 'Timeout')
      sayOnStderr(
        `loja: shutdown after ${signal} did not finish within ${opts.deadlineMs} ms; exiting anyway ` +
          `(still pending: ${pending.join(', ') || 'nothing'}; downloads: ${app.lifecycle.downloads()})`,
      )
      exit(1)
    }, opts.deadlineMs)
    const cut = setTimeout(() => {
      const downloads = app.lifecycle.cutDownloads()
      if (downloads) app.log.warn({ downloads }, 'downloads cut for the restart; clients resume')
    }, opts.downloadDrainMs)
    // Connections the kernel completed while the loop was busy wait in the listening socket's
    // backlog, and closing it resets them: a turn of the loop accepts them first, then it closes
    // at once, without Node's closing of 'idle' connections (see trackConnections).
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    NetServer.prototype.close.call(app.server)
    // Requests in flight finish (answered with Connection: close); idle connections go.
    await new Promise<void>((resolve) => {
      const poll = () => (connections.closeIdle() === 0 ? resolve() : setTimeout(poll, 50))
      poll()
    })
    try {
      await app.close()
      await database.close()
    } catch (error) {
      sayOnStderr(`loja: shutdown after ${signal} failed: ${String(error)}`)
      exit(1)
      return
    } finally {
      clearTimeout(cut)
    }
    clearTimeout(deadline)
    app.log.info({ signal }, 'shut down')
    await opts.settleLog?.(500)
    exit(0)
  }

  return (signal: string) => (closing ??= run(signal))
}
