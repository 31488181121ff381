import { inject } from 'vitest'
import type { ReceivedMail } from './global-setup.js'

/** The first e-mail to `to` whose subject matches, as the store's SMTP server received it. */
export async function waitForMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  for (let i = 0; i < 150; i++) {
    const res = await fetch(inject('mailboxUrl'))
    const mail = ((await res.json()) as ReceivedMail[]).find(
      (m) => m.to === to && subject.test(m.subject),
    )
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no e-mail "${subject}" to ${to}`)
}
