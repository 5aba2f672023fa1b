import type { $ZodConfig } from 'zod/v4/core'

declare global {
  // Zod keeps its configuration on this global (zod/v4/core/core.js: `globalThis.__zod_globalConfig ??= {}`), so
  // every copy of Zod loaded after, or before, this line reads the same object.
  var __zod_globalConfig: Partial<$ZodConfig> | undefined
}

// The Content-Security-Policy forbids eval (src/platform/security-headers.ts). Zod probes for it with
// `new Function` on first use, which the browser reports as a violation even though Zod catches it: jitless
// skips the probe. Loaded from index.html before the app's entry, and first in the buyer entry (checkout-main.tsx).
// Set on Zod's global rather than through `z.config`: importing Zod for one line put its core (util.js, core.js) in
// the buyer entry, a cost on every checkout's first screen although no buyer page validates with Zod on open.
globalThis.__zod_globalConfig ??= {}
globalThis.__zod_globalConfig.jitless = true
