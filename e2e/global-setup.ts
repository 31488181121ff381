import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort, startServer, stopServer } from '../bench/server-process.js'
import { startSmtpServer, type FakeSmtp } from '../src/server/testing/smtp.js'
import { startFakeFocusNfe, type FakeFocusNfe } from '../src/server/testing/fake-focusnfe.js'

/** One e-mail the store sent, as the mailbox endpoint lists it. */
export interface ReceivedMail {
  to: string
  subject: string
  text: string
  html: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** GET it for every e-mail the store has sent so far (JSON list of ReceivedMail). */
    mailboxUrl: string
    /** The token of the local Focus NFe the store issues notas fiscais through. */
    focusNfeToken: string
  }
}

let server: ChildProcess | undefined
let dataDir: string | undefined
let smtp: FakeSmtp | undefined
let mailbox: Server | undefined
let focusNfe: FakeFocusNfe | undefined

/**
 * Starts the built store once, on a free port, with a fresh demo catalogue, and a real SMTP
 * server it sends its e-mails to; tests read what arrived through a small HTTP mailbox (the
 * SMTP server lives in this process, the tests in workers).
 */
export async function setup(project: TestProject) {
  dataDir = await mkdtemp(path.join(tmpdir(), 'loja-e2e-'))
  smtp = await startSmtpServer()
  focusNfe = await startFakeFocusNfe()
  const mails = smtp.mails
  mailbox = createServer((_req, res) => {
    const list: ReceivedMail[] = mails.map((m) => ({
      to: m.to && 'text' in m.to ? m.to.text : '',
      subject: m.subject ?? '',
      text: m.text ?? '',
      html: typeof m.html === 'string' ? m.html : '',
    }))
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(list))
  })
  await new Promise<void>((resolve) => mailbox!.listen(0, '127.0.0.1', resolve))
  const port = await freePort()
  const started = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@teste.com',
    ADMIN_PASSWORD: 'admin-senha-123',
    PORT: String(port),
    // The e-mails' links point where the browser reaches the store.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Loja de Materiais <loja@teste.com>',
    // The journeys' fake Evolution API listens on 127.0.0.1.
    ALLOW_PRIVATE_INTEGRATIONS: '1',
    // Notas fiscais go to a local Focus NFe (nfse.test.ts turns them on).
    FOCUSNFE_API_URL: focusNfe.url,
  })
  server = started.child
  project.provide('baseUrl', started.baseUrl)
  project.provide('focusNfeToken', focusNfe.token)
  project.provide('mailboxUrl', `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}/mails`)
}

export async function teardown() {
  if (server) await stopServer(server)
  mailbox?.close()
  await smtp?.close()
  await focusNfe?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
