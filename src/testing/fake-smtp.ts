/** A real SMTP server on a free port (the `smtp-server` package), whose messages are parsed with `mailparser`. */
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface FakeSmtp {
  url: string
  /** Every message accepted, parsed, in order. */
  messages: ParsedMail[]
  /** Raw sources, to look at headers exactly as sent. */
  raw: string[]
  /** Answers for the next messages (one per DATA): e.g. [421, 421] then the default 250. */
  script: number[]
  /** The envelope recipients (RCPT TO) of each accepted message. */
  envelopes: string[][]
  /** Messages the server refused or dropped. */
  refused: number
  /** Stops answering for the next DATA (the client must time out). */
  hangNext: boolean
  close(): Promise<void>
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const state: Omit<FakeSmtp, 'url' | 'close'> = {
    messages: [],
    raw: [],
    envelopes: [],
    script: [],
    refused: 0,
    hangNext: false,
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', async () => {
        if (state.hangNext) {
          state.hangNext = false
          state.refused++
          return // never answers
        }
        const code = state.script.shift() ?? 250
        if (code !== 250) {
          state.refused++
          const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
            responseCode: code,
          })
          return callback(err)
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        state.raw.push(raw)
        state.envelopes.push(session.envelope.rcptTo.map((r) => r.address))
        // skipImageLinks: keep cid: references as sent (mailparser would inline them as data: URLs).
        state.messages.push(await simpleParser(raw, { skipImageLinks: true }))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeSmtp
}
