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
