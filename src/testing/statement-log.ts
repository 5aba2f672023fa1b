import type { KyselyPlugin } from 'kysely'

/** A statement as a test sees it: its kind (SelectQueryNode, InsertQueryNode, …) and the tables it names. */
export interface LoggedStatement {
  kind: string
  tables: string[]
}

/**
 * Every statement a Kysely instance sends, in order, logged by a plugin that sees each before it runs (`db.withPlugin
 * (log.plugin)`): the tests that hold a handler or a route to a number of round trips count them here. `refuse`
 * makes the statements it matches fail before they reach the database.
 */
export function statementLog(refuse?: (s: LoggedStatement) => boolean) {
  const statements: LoggedStatement[] = []
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const tables = new Set<string>()
      JSON.stringify(node, (key, value) => {
        if (key === 'table' && value?.identifier?.name) tables.add(value.identifier.name)
        return value
      })
      const s = { kind: node.kind, tables: [...tables] }
      statements.push(s)
      if (refuse?.(s)) throw new Error('statement refused by the test')
      return node
    },
    transformResult: async ({ result }) => result,
  }
  /** How many selects named `table`. */
  const reading = (table: string) =>
    statements.filter((s) => s.kind === 'SelectQueryNode' && s.tables.includes(table)).length
  return { plugin, statements, reading }
}
