import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startServer } from '../bench/server-process.js'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

let server: ChildProcess | undefined
let dataDir: string | undefined

/** Starts the built store once, on a free port, with a fresh demo catalogue. */
export async function setup(project: TestProject) {
  dataDir = await mkdtemp(path.join(tmpdir(), 'loja-e2e-'))
  const started = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@teste.com',
    ADMIN_PASSWORD: 'admin-senha-123',
  })
  server = started.child
  project.provide('baseUrl', started.baseUrl)
}

export async function teardown() {
  server?.kill('SIGTERM')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
