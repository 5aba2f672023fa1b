// `npm test`: lint, typecheck, unit + API tests (real PostgreSQL and Redis) and component tests (happy-dom),
// production build, end-to-end tests in Chromium. Ends with one 'N passed, N failed' line over every test that ran.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name) => path.join(root, 'node_modules/.bin', name)
const results = path.join(root, 'test-results')
mkdirSync(results, { recursive: true })

function step(title, cmd, args) {
  console.log(`\n=== ${title}`)
  const started = Date.now()
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } })
  console.log(`=== ${title}: ${res.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  return res.status === 0
}

function counts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 }
  const r = JSON.parse(readFileSync(file, 'utf8'))
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }
}

const ok = []
ok.push(step('lint', bin('biome'), ['check', '.']))
ok.push(step('typecheck', bin('tsc'), ['--noEmit']))
const unitJson = path.join(results, 'server.json')
ok.push(
  step('unit, API and component tests', bin('vitest'), [
    'run',
    '--project',
    'server',
    '--project',
    'web',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${unitJson}`,
  ]),
)
const built = step('build', bin('vite'), ['build', '--logLevel', 'warn'])
ok.push(built)
const e2eJson = path.join(results, 'e2e.json')
if (built) {
  ok.push(
    step('end-to-end tests (Chromium)', bin('vitest'), [
      'run',
      '--project',
      'e2e',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${e2eJson}`,
    ]),
  )
}

const total = [counts(unitJson), counts(e2eJson)].reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
}))
const allOk = ok.every(Boolean)
// A failed step that is not a test (lint, types, build) still counts as a failure in the closing line.
const failed = total.failed + (allOk || total.failed > 0 ? 0 : 1)
console.log(`\n${total.passed} passed, ${failed} failed, ${total.skipped} skipped`)
process.exit(allOk ? 0 : 1)
