import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { createDatabase } from '../src/testing/test-app'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../test-results/screenshots')
const ROOT = path.resolve(import.meta.dirname, '..')

export interface E2EServer {
  url: string
  /** The server's own database, for a test that moves a delayed job's time (the clock is the test's). */
  databaseUrl: string
  close(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/**
 * Starts the real server (built SPA + API) on a free port against a fresh PostgreSQL database, jobs in-process.
 * The SPA must have been built (`npm run build`) first.
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const webDist = process.env.WEB_DIST || path.join(ROOT, 'dist/web')
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error(`${webDist} is missing: run \`npm run build\` first`)
  const database = await createDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkout-e2e-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: database.url,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      APP_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
      PASSWORD_HASH_COST: '4',
      RATE_LIMIT_AUTH_MAX: '1000',
      RATE_LIMIT_ORDER_MAX: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s')
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    databaseUrl: database.url,
    async close() {
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
export const DESKTOP = { viewport: { width: 1366, height: 900 } }

export async function newPage(
  browser: Browser,
  baseURL: string,
  device: object = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...device, baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  // A checkout page arrives drawn by the server and takes taps only once React has hydrated it (#root loses its
  // pointer-events: none). A finger waits for that; Playwright's fill() does not, and text typed into the bare page
  // is lost to hydration (failed 1 run in ~10). So every navigation waits for it, as a buyer would.
  const scripted = (device as { javaScriptEnabled?: boolean }).javaScriptEnabled !== false
  const hydrated = async () => {
    if (scripted) await page.waitForFunction(() => document.getElementById('root')?.style.pointerEvents !== 'none')
  }
  const thenHydrated =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const res = await navigate(...args)
      await hydrated()
      return res
    }
  page.goto = thenHydrated(page.goto.bind(page))
  page.reload = thenHydrated(page.reload.bind(page))
  return { context, page }
}

/** Saves test-results/screenshots/<name>.png for a person to look at. */
export async function snap(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** Creates a user straight through the API and returns its token (for tests whose subject is not login). */
export async function apiLogin(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  return (await res.json()).token
}

export async function apiRegister(url: string, name: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  })
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`)
  return apiLogin(url, email, password)
}

/** The API as the holder of `token` (none: as a buyer): JSON in and out; anything but a 2xx throws with its text. */
export async function callApi<T>(
  baseUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** Puts a session in the browser's storage as the SPA keeps it, skipping the login screen. */
export async function putSession(page: Page, baseURL: string, token: string) {
  const user = await (
    await fetch(`${baseURL}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } })
  ).json()
  await page.goto(`${baseURL}/login`)
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t)
      localStorage.setItem('user', u)
    },
    [token, JSON.stringify(user)] as const,
  )
}

/** A page signed in as the holder of `token`, opened at `path` if any; `toasts: true` records its toasts. */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  token: string,
  path?: string,
  { device = DESKTOP, toasts = false }: { device?: object; toasts?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, baseURL, device)
  await putSession(opened.page, baseURL, token)
  // Before the page it opens: the toasts of that page on are all recorded.
  if (toasts) await recordToasts(opened.context)
  if (path !== undefined) await opened.page.goto(path)
  return opened
}

/** A fake service started now, while the file is collected (so its URL can go in the server's env), closed after. */
export async function startForFile<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): Promise<T> {
  const service = await start()
  afterAll(() => service.close())
  return service
}

export interface E2E {
  readonly server: E2EServer
  readonly browser: Browser
  /** A fresh context and page on this file's server (see newPage). */
  newPage(device?: object): Promise<{ context: BrowserContext; page: Page }>
  /** See openSignedIn. */
  openSignedIn(
    token: string,
    path?: string,
    opts?: { device?: object; toasts?: boolean },
  ): Promise<{ context: BrowserContext; page: Page }>
}

/**
 * The usual suite setup: one server and one browser for the file, closed after it. Read `e2e.server` and
 * `e2e.browser` inside tests (they exist once beforeAll has run).
 */
export function setupE2E(env: Record<string, string> = {}): E2E {
  let server: E2EServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    server = await startServer(env)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  return {
    get server() {
      if (!server) throw new Error('setupE2E: server not started yet')
      return server
    },
    get browser() {
      if (!browser) throw new Error('setupE2E: browser not started yet')
      return browser
    },
    newPage(device) {
      return newPage(this.browser, this.server.url, device)
    },
    openSignedIn(token, path, opts) {
      return openSignedIn(this.browser, this.server.url, token, path, opts)
    },
  }
}

/** Records every toast the pages of this context show, so a toast that closed between two polls still counts. */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __toasts: string[] }).__toasts = seen
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement && n.classList.contains('toast')) seen.push(n.textContent ?? '')
    }).observe(document, { childList: true, subtree: true })
  })
}

/** Waits until a recorded toast (see recordToasts) contained `text`. */
export async function waitForToast(page: Page, text: string) {
  await page.waitForFunction(
    (t) => ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((m) => m.includes(t)),
    text,
  )
}
