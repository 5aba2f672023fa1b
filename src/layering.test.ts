// The layering of ARCHITECTURE.md, held by the linter: this proves the rules bite. The fixtures are written into a
// throwaway tree under the OS temp dir next to a copy of biome.json (so the overrides see the same paths as in src/),
// linted there in one Biome run and removed with it; nothing is ever added to the real tree. And madge finds no
// import cycle in src/.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name: string) => path.join(root, 'node_modules/.bin', name)
const imports = (spec: string) => `import { thing } from '${spec}'\nexport const used = thing\n`

// [what, file as it would be in this repository, import specifier]
const REFUSED: [string, string, string][] = [
  ['a feature importing web/app/', 'src/web/features/orders/orders-page.tsx', '../../app/session'],
  ['a nested feature file importing web/app/', 'src/web/features/checkout/buyer/r1.tsx', '../../../app/registry'],
  ["a feature importing another feature's insides", 'src/web/features/checkout/buyer/r2.tsx', '../../reviews/buyer/y'],
  ["a feature importing another feature's insides", 'src/web/features/dashboard/r3.tsx', '../stores/api/get-my-stores'],
  ['the browser importing server code', 'src/web/lib/r4.ts', '../../modules/ordering'],
  ['ui/ importing a feature', 'src/web/ui/r5.tsx', '../features/stores'],
  ["a module importing another module's insides", 'src/modules/ordering/r6.ts', '../catalog/repository'],
  ["a module importing another module's tables", 'src/modules/checkout/r7.ts', '../stores/tables'],
  ['platform/ importing a module', 'src/platform/r8.ts', '../modules/identity/tables'],
  ['platform/ importing a module index', 'src/platform/r9.ts', '../modules/identity'],
  ['shared/ importing a module', 'src/shared/r10.ts', '../modules/ordering/events'],
  ['shared/ importing platform/', 'src/shared/r11.ts', '../platform/errors'],
  ['buyer code importing the whole ui kit', 'src/web/features/checkout/buyer/hooks/r12.ts', '../../../../ui'],
  ['buyer code importing ui/index', 'src/web/features/checkout/buyer/r13.tsx', '../../../ui/index'],
  ['buyer code importing zod', 'src/web/features/checkout/buyer/r14.ts', 'zod'],
  ['nested buyer code importing web/app/', 'src/web/features/checkout/buyer/hooks/r15.ts', '../../../../app/paths'],
  ["a module's nested file importing another's insides", 'src/modules/reviews/sub/r16.ts', '../../ordering/repository'],
  ["a module's file two folders down importing another's insides", 'src/modules/ordering/a/b/r17.ts', '../../../x/y'],
  ["a module importing another's insides through modules/", 'src/modules/ordering/r18.ts', '../../modules/catalog/x'],
  ["a module importing another's index through modules/", 'src/modules/ordering/b/r19.ts', '../../../modules/x'],
  ["the worker importing a module's insides", 'src/worker/r20.ts', '../modules/identity/repository'],
  ["test helpers importing a module's insides", 'src/testing/r21.ts', '../modules/ordering/service'],
  ["a file of src/ importing a module's insides", 'src/r22.ts', './modules/identity/repository'],
  ['platform/ importing web/', 'src/platform/r23.ts', '../web/checkout-server'],
  ['platform/ importing a web feature', 'src/platform/r24.ts', '../web/features/checkout'],
]
const ALLOWED: [string, string, string][] = [
  ['a feature importing lib/', 'src/web/features/orders/a1.tsx', '../../lib/sections'],
  ['a feature importing its own insides', 'src/web/features/checkout/buyer/a2.tsx', '../shared/checkout-form'],
  ["a feature importing another feature's index", 'src/web/features/checkout/buyer/a3.tsx', '../../reviews'],
  ["a feature importing another feature's index.ts", 'src/web/features/dashboard/a4.tsx', '../stores/index'],
  ["a module importing another module's index", 'src/modules/ordering/a5.ts', '../catalog'],
  ["a module importing another module's events", 'src/modules/marketing/a6.ts', '../ordering/events'],
  ['a module importing platform/', 'src/modules/ordering/a7.ts', '../../platform/db'],
  ['platform/ importing shared/', 'src/platform/a8.ts', '../shared/roles'],
  ['buyer code importing one ui file', 'src/web/features/checkout/buyer/a9.tsx', '../../../ui/button'],
  ['an owner screen importing the ui kit', 'src/web/features/checkout/owner/a10.tsx', '../../../ui'],
  ["a module's nested file importing another's index", 'src/modules/notifications/sub/a11.tsx', '../../ordering'],
  ["a module's nested file importing its own module", 'src/modules/notifications/sub/a12.tsx', '../compose'],
  ["a module's nested file importing platform/", 'src/modules/ordering/a/b/a13.ts', '../../../../platform/db'],
  ["the worker importing a module's index", 'src/worker/a14.ts', '../modules/identity'],
  ["test helpers importing a module's events", 'src/testing/a15.ts', '../modules/ordering/events'],
  ["a file of src/ importing the modules' composition", 'src/a16.ts', './modules'],
  ["a file of src/ importing a module's index", 'src/a17.ts', './modules/identity'],
  ['platform/ importing the config', 'src/platform/a18.ts', '../config'],
]
const FILES: Record<string, string> = {
  ...Object.fromEntries([...REFUSED, ...ALLOWED].map(([, file, spec]) => [file, imports(spec)])),
  'src/web/ui/FancyButton.tsx': 'export const x = 1\n',
  'src/shared/cycle-a.ts': "import { b } from './cycle-b'\nexport const a = () => b\n",
  'src/shared/cycle-b.ts': "import { a } from './cycle-a'\nexport const b = () => a\n",
}

/** Which rules each fixture broke. */
const broken = new Map<string, string[]>()
let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'layering-'))
  cpSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'))
  for (const [file, source] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), source)
  }
  const res = spawnSync(bin('biome'), ['lint', '--reporter=json', '--max-diagnostics=500', 'src'], {
    cwd: dir,
    encoding: 'utf8',
  })
  const report = JSON.parse(res.stdout) as { diagnostics: { category: string; location: { path: string } }[] }
  for (const d of report.diagnostics) broken.set(d.location.path, [...(broken.get(d.location.path) ?? []), d.category])
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const RESTRICTED = 'lint/style/noRestrictedImports'

describe('the linter enforces the layering', () => {
  it.each(REFUSED)('refuses %s (%s → %s)', (_, file) => {
    expect(broken.get(file)).toContain(RESTRICTED)
  })

  it.each(ALLOWED)('allows %s (%s → %s)', (_, file) => {
    expect(broken.get(file) ?? []).toEqual([])
  })

  it('refuses a file name that is not kebab-case', () => {
    expect(broken.get('src/web/ui/FancyButton.tsx')).toContain('lint/style/useFilenamingConvention')
  })

  it('refuses an import cycle', () => {
    expect(broken.get('src/shared/cycle-a.ts')).toContain('lint/suspicious/noImportCycles')
  })

  it("reaches every file of the modules (biome.json's module rule is written for each depth, down to three folders)", () => {
    const modules = path.join(root, 'src/modules')
    const depths = readdirSync(modules, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(modules, path.join(e.parentPath, e.name)).split(path.sep).length)
    // <module>/a/b/c/file.ts is the deepest a rule covers; a deeper file needs its own override first.
    expect(Math.max(...depths)).toBeLessThanOrEqual(4)
  })
})

describe('no import cycles', () => {
  it('madge finds none in src/', () => {
    const res = spawnSync(
      bin('madge'),
      ['--circular', '--json', '--extensions', 'ts,tsx', '--ts-config', 'tsconfig.json', 'src'],
      { cwd: root, encoding: 'utf8' },
    )
    expect(JSON.parse(res.stdout)).toEqual([])
    // madge parses every file of src/ (~10 s alone, several times that on a loaded 2-core machine).
  }, 180_000)
})
