import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createTestApp, type TestApp } from './test-app'

/** What a fake outside service (UTMify, the Graph API, SMTP) offers a test suite. */
export interface FakeService {
  url: string
  close(): Promise<void>
}

/**
 * A suite's app pointed at a fake outside service: the fake starts first, `env` tells the app its address; both
 * close after the suite. `ready` hands them to the suite's variables (`(s) => ({ t, fake } = s)`); `eachTest`, if
 * given, runs on the fake before every test.
 */
export function appWithFake<F extends FakeService>(
  start: () => Promise<F>,
  env: (fakeUrl: string) => Record<string, string>,
  ready: (suite: { t: TestApp; fake: F }) => void,
  eachTest?: (fake: F) => void,
) {
  let t: TestApp | undefined
  let fake: F | undefined
  beforeAll(async () => {
    fake = await start()
    t = await createTestApp({ env: env(fake.url) })
    ready({ t, fake })
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })
  if (eachTest) beforeEach(() => eachTest(fake!))
}

/** Forgets the calls a recording fake received and restores its default answer. */
export function resetRecording(fake: { calls: unknown[]; respond(): void }) {
  fake.calls.length = 0
  fake.respond()
}
