import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * The project folder (where package.json is). Source files run from src/ under tsx and bundled files from
 * dist/server/ under plain node sit at different depths, so paths like migrations/ and dist/web are found from here.
 */
export const PROJECT_ROOT = findRoot(import.meta.dirname)

function findRoot(start: string): string {
  for (let dir = start; ; ) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    const up = path.dirname(dir)
    if (up === dir) return start
    dir = up
  }
}
