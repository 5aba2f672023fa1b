import { Download, ExternalLink } from 'lucide-react'
import { Fragment } from 'react'
import type { Library } from '../../../../shared/buyers'
import { formatBytes } from '../../../../shared/deliverables'

/** 'Meus produtos': what the buyer may open now; each download asks the server for a fresh link of minutes. */
export function LibraryList({ items }: { items: Library['items'] }) {
  if (items.length === 0) return <p className="muted">Nenhum produto digital liberado por enquanto.</p>
  return (
    <ul className="ba-list" data-testid="buyer-library">
      {items.map((item) => (
        <li key={`${item.orderId}-${item.productId}`} className="ba-card">
          <div className="ba-card-head">
            <strong>{item.productName}</strong>
            <span className="muted">
              {item.storeName} · pedido {item.orderNumber}
            </span>
          </div>
          {item.files.map((f) => (
            <Fragment key={f.id}>
              <a className="ba-file" href={f.downloadUrl} download data-testid="buyer-download">
                <Download size={18} aria-hidden />
                <span className="ba-file-name">{f.name}</span>
                <span className="muted">{formatBytes(f.size)}</span>
              </a>
              {f.note && <span className="muted">{f.note}</span>}
            </Fragment>
          ))}
          {item.link && (
            <a className="ba-file" href={item.link} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={18} aria-hidden />
              <span className="ba-file-name">Acessar conteúdo</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  )
}
