/** Real api and worker processes for the process tests: spawned with `node --import tsx`, killed however a test wants. */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

export const ENTRY = { api: 'src/server.ts', worker: 'src/worker/main.ts' } as const

/** A port free at the time of asking (the kernel's pick), for a process told to listen on it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
    srv.once('error', reject)
  })
}

export interface AppProcess {
  name: string
  child: ChildProcess
  /** Resolves with the exit code, or the signal's name when it was killed. */
  exited: Promise<number | string>
  /** Whether it is still running. */
  alive(): boolean
  /** SIGKILL (no chance to clean up, as a crash or the OOM killer) and wait for the exit. */
  crash(): Promise<void>
}

/** Starts `entry` with the parent's environment plus `env`; stderr is passed through, stdout dropped. */
export function startProcess(name: string, entry: string, env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const alive = () => child.exitCode === null && child.signalCode === null
  return {
    name,
    child,
    exited,
    alive,
    async crash() {
      if (alive()) child.kill('SIGKILL')
      await exited
    },
  }
}
