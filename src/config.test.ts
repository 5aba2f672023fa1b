import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('config', () => {
  it('defaults to embedded mode on port 3001 with a secret kept in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'))
    try {
      const a = loadConfig({ DATA_DIR: dir })
      expect(a).toMatchObject({ PORT: 3001, embedded: true, useRedis: false, seedDemo: true, runWorkers: true })
      expect(readFileSync(path.join(dir, 'app-secret'), 'utf8')).toBe(a.APP_SECRET)
      expect(loadConfig({ DATA_DIR: dir }).APP_SECRET).toBe(a.APP_SECRET)
      expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: '0' }).seedDemo).toBe(false)
      // without PUBLIC_URL the address is the local default and says so (the webhook screen warns)
      expect(a).toMatchObject({ publicUrl: 'http://localhost:3001', publicUrlSet: false })
      expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://loja.example.com/' })).toMatchObject({
        publicUrl: 'https://loja.example.com',
        publicUrlSet: true,
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ ADMIN_EMAIL: 'x' })).toThrow(ConfigError)
  })

  it('stops a deployment that still names UTMify by its old variable', () => {
    expect(() => loadConfig({ UTMFY_API_URL: 'http://fake' })).toThrow(/UTMFY_API_URL: renomeada para UTMIFY_API_URL/)
  })

  it('requires APP_SECRET in production and never seeds there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' })).toThrow(/APP_SECRET/)
    const prod = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z', APP_SECRET: 'x'.repeat(40) })
    expect(prod.seedDemo).toBe(false)
  })
})
