// The events of ARCHITECTURE.md: each one declared in its module's events.ts (the module's published contract, what
// another module may import) and read by someone; an event nobody subscribes to is only an outbox row to relay.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { composeModules } from './modules'
import type { EventDef } from './platform/events'

const modules = path.join(import.meta.dirname, 'modules')
const sources = readdirSync(modules, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
  .map((e) => path.relative(modules, path.join(e.parentPath, e.name)))

const isEvent = (v: unknown): v is EventDef =>
  typeof v === 'object' && v !== null && typeof (v as EventDef).name === 'string' && 'schema' in v

describe('module events', () => {
  it('are declared only in their module’s events.ts', () => {
    const elsewhere = sources.filter(
      (file) =>
        !/^[^/]+\/events\.ts$/.test(file) && readFileSync(path.join(modules, file), 'utf8').includes('defineEvent('),
    )
    expect(elsewhere).toEqual([])
  })

  it('are each subscribed by some module', async () => {
    const subscribed = new Set(composeModules().flatMap((m) => (m.subscriptions ?? []).map((s) => s.event.name)))
    const declared: string[] = []
    for (const file of sources.filter((f) => f.endsWith('/events.ts'))) {
      const exports: Record<string, unknown> = await import(path.join(modules, file))
      declared.push(
        ...Object.values(exports)
          .filter(isEvent)
          .map((e) => e.name),
      )
    }
    expect(declared.length).toBeGreaterThan(10)
    expect(declared.filter((name) => !subscribed.has(name))).toEqual(AWAITING_SUBSCRIBER)
  })
})

/** Every declared event has a subscriber (PIX Automático's are the subscriptions module's, issue 36). */
const AWAITING_SUBSCRIBER: string[] = []
