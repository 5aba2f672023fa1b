import type { ComponentProps, ReactNode } from 'react'
import { cx } from './cx'

/** A table inside a horizontally scrollable wrapper, so wide tables never overflow the page. */
export function Table({ className, children, ...rest }: ComponentProps<'table'>) {
  return (
    <div className="table-wrap">
      <table className={cx('table', className)} {...rest}>
        {children}
      </table>
    </div>
  )
}

export function Th({ className, ...rest }: ComponentProps<'th'>) {
  return <th className={cx('th', className)} {...rest} />
}

export function Td({ className, ...rest }: ComponentProps<'td'>) {
  return <td className={cx('td', className)} {...rest} />
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
