import type { ParsedMail } from 'mailparser'
import type { FakeSmtp } from '../src/testing/fake-smtp'

const recipients = (m: ParsedMail) => JSON.stringify(m.to ?? '')

/** The first e-mail to `address` whose subject matches, waited for (a job sends it), up to 20 s. */
export async function waitForMail(smtp: FakeSmtp, address: string, subject: RegExp): Promise<ParsedMail> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found = smtp.messages.find((m) => recipients(m).includes(address) && subject.test(m.subject ?? ''))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no e-mail ${subject} for ${address}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The first capture group of `pattern` in the e-mail's HTML, with its entities undone (a link's query string). */
export const linkIn = (mail: ParsedMail, pattern: RegExp) =>
  (pattern.exec(mail.html as string)?.[1] ?? '').replaceAll('&amp;', '&')
