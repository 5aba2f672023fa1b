// The `web` test project (vitest.config.ts): each component test starts from an empty page and storage.
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// A lazy chunk's first import is transformed on demand: on a busy machine that alone took over the default 1 s of
// findBy*/waitFor. A passing test never waits longer; only one that would have failed does.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  vi.restoreAllMocks()
  vi.useRealTimers()
})
