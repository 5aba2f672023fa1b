import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A ViaCEP-compatible fake that knows one address (CEP 01310-100), so the CEP auto-fill runs without the internet.
 * `down`: a CEP service that is down (every lookup answers 500).
 */
export function startFakeCep({ down = false } = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (down) {
      res.statusCode = 500
      return res.end('{}')
    }
    const cep = /\/(\d{8})\/json/.exec(req.url ?? '')?.[1]
    res.setHeader('content-type', 'application/json')
    if (cep !== '01310100') return res.end(JSON.stringify({ erro: true }))
    res.end(
      JSON.stringify({
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      }),
    )
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws`,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  )
}
