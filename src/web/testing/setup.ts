// The `web` test project (vitest.config.ts): each component test starts from an empty page and storage.
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  vi.restoreAllMocks()
  vi.useRealTimers()
})
