import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface FakeSmtp {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string
  /** Every message taken in, parsed, in arrival order. */
  mails: ParsedMail[]
  /** Stops listening (the store's next send finds nobody: "SMTP down"). */
  stop(): Promise<void>
  /** Listens again on the same port. */
  start(): Promise<void>
  close(): Promise<void>
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      resolve((server.server.address() as AddressInfo).port)
    })
  })
}

/**
 * A real SMTP server in-process (the `smtp-server` package), plain text on a free port. Each
 * message is parsed before the server answers 250, so it is in `mails` when the send resolves.
 */
export async function startSmtpServer(): Promise<FakeSmtp> {
  const mails: ParsedMail[] = []
  const make = () =>
    new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      // No STARTTLS offered: the test server has no certificate the client would trust.
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            mails.push(mail)
            callback()
          })
          .catch(callback)
      },
    })
  let server = make()
  const port = await listen(server, 0)
  let running = true
  const stop = async () => {
    if (!running) return
    running = false
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    stop,
    async start() {
      server = make()
      await listen(server, port)
      running = true
    },
    close: stop,
  }
}
