import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { headerText, nodemailerMessage } from './transport'

async function raw(name: string, subject: string): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await transport.sendMail(
    nodemailerMessage({
      from: 'Loja <no-reply@loja.test>',
      to: { name, address: 'maria@example.com' },
      subject,
      html: '<p>oi</p>',
      text: 'oi',
      attachments: [],
      messageId: '<x@loja.test>',
    }),
  )
  return (info.message as Buffer).toString('utf8')
}

describe('headers', () => {
  it('turns CR/LF and other control characters into spaces', () => {
    expect(headerText('Maria\r\nBcc: evil@example.com')).toBe('Maria Bcc: evil@example.com')
    expect(headerText('a\u0000b\u2028c')).toBe('a b c')
  })

  it('gives a name or subject with CR/LF no header of its own', async () => {
    const source = await raw('Maria\r\nBcc: evil@example.com', 'Pedido\r\nX-Injected: 1')
    const headers = source.split('\n\n')[0]
    expect(headers).not.toMatch(/^bcc:/im)
    expect(headers).not.toMatch(/^x-injected:/im)
    expect(headers).toMatch(/^To: .*<maria@example\.com>$/m)
  })
})
