import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { DEMO_MERCHANT } from './seed'

const root = path.resolve(import.meta.dirname, '..')

it('boots embedded mode (PGlite, in-process jobs) from an empty DATA_DIR and serves the demo', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkout-embedded-'))
  const port = 20000 + Math.floor(Math.random() * 20000)
  const started = Date.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  })
  try {
    let health: { status: string; database: string; queue: string } | undefined
    while (!health) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      if (Date.now() - started > 60_000) throw new Error('not healthy in 60 s')
      health = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => (r.ok ? r.json() : undefined))
        .catch(() => undefined)
      if (!health) await new Promise((r) => setTimeout(r, 100))
    }
    console.log(`embedded cold start to healthy: ${Date.now() - started} ms`)
    expect(health).toEqual({ status: 'ok', database: 'pglite', queue: 'embedded' })
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }),
    })
    expect(login.status).toBe(200)
    const { token } = await login.json()
    const stores = await (
      await fetch(`http://127.0.0.1:${port}/api/stores/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    expect(stores.map((s: { name: string }) => s.name)).toEqual(['Loja Demo'])
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 90_000)
