import { formatDateTime } from '../../../../shared/dates'
import { useOrderDownloads } from '../api/downloads'

/** The buyer's downloads of the order's files (from their area): how many times each, and when last. */
export function OrderDownloads({ storeId, orderId }: { storeId: string; orderId: string }) {
  const downloads = useOrderDownloads(storeId, orderId, true)
  if (!downloads.data || downloads.data.length === 0) return null
  return (
    <ul className="order-items" data-testid="order-downloads">
      {downloads.data.map((d) => (
        <li key={d.fileId}>
          {d.name}:{' '}
          {d.downloads === 0
            ? 'ainda não baixado'
            : `${d.downloads} download${d.downloads > 1 ? 's' : ''}, último em ${formatDateTime(d.lastDownloadAt)}`}
        </li>
      ))}
    </ul>
  )
}
