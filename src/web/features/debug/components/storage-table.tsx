import { Table, TableMessage, Td, Th } from '../../../ui'

const MAX = 50

export function truncate(value: string, max = MAX): string {
  return value.length > max ? `${value.slice(0, max)}...` : value
}

/** Local storage contents, values cut at 50 characters (spec 002 §2.9). */
export function StorageTable({ entries }: { entries: [string, string][] }) {
  return (
    <Table>
      <thead>
        <tr>
          <Th>Chave</Th>
          <Th>Valor</Th>
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 ? (
          <TableMessage colSpan={2}>Nenhum dado local</TableMessage>
        ) : (
          entries.map(([k, v]) => (
            <tr key={k}>
              <Td>
                <code>{k}</code>
              </Td>
              <Td className="mono break">{truncate(v)}</Td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  )
}

export function readStorage(): [string, string][] {
  const out: [string, string][] = []
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i)
    if (key !== null) out.push([key, localStorage.getItem(key) ?? ''])
  }
  return out.sort(([a], [b]) => a.localeCompare(b))
}
