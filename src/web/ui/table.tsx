import type { ComponentProps, ReactNode } from 'react'
import { cx } from './cx'

/**
 * A table inside a horizontally scrollable wrapper, so wide tables never overflow the page. With `cards`, each row
 * becomes a card under 640 px (the header row hides and every cell shows its `label`), so phones never scroll sideways.
 */
export function Table({ className, children, cards, ...rest }: ComponentProps<'table'> & { cards?: boolean }) {
  return (
    <div className={cx('table-wrap', cards && 'table-wrap-cards')}>
      <table className={cx('table', cards && 'table-cards', className)} {...rest}>
        {children}
      </table>
    </div>
  )
}

export function Th({ className, ...rest }: ComponentProps<'th'>) {
  return <th className={cx('th', className)} {...rest} />
}

/** `label` is the column's name, shown beside the value when a `cards` table turns rows into cards. */
export function Td({ className, label, ...rest }: ComponentProps<'td'> & { label?: string }) {
  return <td className={cx('td', className)} data-label={label} {...rest} />
}

/** A single full-width row for empty or loading table bodies. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td className="td table-message" colSpan={colSpan}>
        {children}
      </td>
    </tr>
  )
}

/**
 * A table of what a query loaded: the column heads, then a message row while it loads, when it failed (if `failed`
 * is given) or when it came back empty, else one row per item drawn by `children`.
 */
export function ListTable<T>({
  columns,
  status,
  rows,
  loading,
  failed,
  empty,
  children,
  ...rest
}: Omit<ComponentProps<typeof Table>, 'children'> & {
  columns: readonly string[]
  status: { isPending: boolean; isError: boolean }
  rows: readonly T[] | undefined
  loading: ReactNode
  failed?: ReactNode
  empty: ReactNode
  children: (row: T) => ReactNode
}) {
  const span = columns.length
  return (
    <Table {...rest}>
      <thead>
        <tr>
          {columns.map((c) => (
            <Th key={c}>{c}</Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {status.isPending && <TableMessage colSpan={span}>{loading}</TableMessage>}
        {status.isError && failed && <TableMessage colSpan={span}>{failed}</TableMessage>}
        {rows?.length === 0 && <TableMessage colSpan={span}>{empty}</TableMessage>}
        {rows?.map(children)}
      </tbody>
    </Table>
  )
}
