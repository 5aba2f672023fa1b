import { Link } from 'react-router-dom'
import { readinessItems } from '../../../../shared/readiness'
import { Alert } from '../../../ui'
import { useReadiness } from '../api/get-readiness'

/**
 * Above the product list while the links printed below cannot sell: no working payment configuration, or physical
 * products and no way to ship them. Products themselves are the list's business, so they are not repeated here.
 */
export function ReadinessWarning({ storeId }: { storeId: string }) {
  const readiness = useReadiness(storeId)
  if (!readiness.data) return null
  const blocking = readinessItems(readiness.data).filter(
    (i) => !i.ok && !i.optional && (i.id === 'payment' || i.id === 'shipping'),
  )
  if (blocking.length === 0) return null
  return (
    <div data-testid="readiness-warning">
      <Alert tone="warning">
        <strong className="readiness-warning-title">Os links de compra desta loja ainda não vendem</strong>
        <ul className="readiness-warning-list">
          {blocking.map((item) => (
            <li key={item.id}>
              <span>{item.detail}</span> <Link to={`/store/${storeId}/${item.section}`}>{item.action}</Link>
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  )
}
