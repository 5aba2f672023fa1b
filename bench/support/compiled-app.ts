// The compiled app (dist/server, plain node) on a fresh local PostgreSQL database, jobs in-process, for the benches
// that load its pages in Chromium; and a JSON client for the merchant's setup.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createDatabase } from '../../src/testing/test-app'

export const ROOT = path.resolve(import.meta.dirname, '../..')
export const WEB_DIST = process.env.WEB_DIST || path.join(ROOT, 'dist/web')
const SERVER = path.join(ROOT, 'dist/server/server.js')

export function requireBuild() {
  if (!existsSync(path.join(WEB_DIST, 'index.html')) || !existsSync(SERVER)) {
    console.error('Run `npm run build` first (dist/web and dist/server).')
    process.exit(1)
  }
}

export const listen = (server: ReturnType<typeof createServer>) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )

export async function startCompiledApp(
  name: string,
): Promise<{ url: string; child: ChildProcess; drop(): Promise<void> }> {
  const database = await createDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-app-`))
  const probe = createServer()
  const port = Number(new URL(await listen(probe)).port)
  probe.close()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // The compiled build; not NODE_ENV=production only because that turns the built-in sandbox gateway off, and a
      // page with payment methods (the one buyers see) needs a store with an active key.
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: database.url,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      WEB_DIST,
      APP_SECRET: `${name}-bench-secret-that-is-long-enough-0123456789`,
      ATIVOPAY_API_URL: '',
    },
  })
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (i > 300) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    child,
    async drop() {
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}
