import { PRODUCT_TYPE_LABELS, type Product, productCheckoutPath } from '../../../../shared/catalog'
import { formatBRL } from '../../../../shared/money'
import { Badge, Button, Table, TableMessage, Td, Th } from '../../../ui'
import { ProductImage } from './product-image'

export interface ProductTableProps {
  storeId: string
  products: Product[]
  loading: boolean
  error?: string
  deletingId?: string
  onEdit(product: Product): void
  onDelete(product: Product): void
  onCopyLink(url: string): void
}

/** The buyer's checkout address of a product, absolute so it can be shared. */
export function purchaseUrl(storeId: string, product: Product): string {
  return `${window.location.origin}${productCheckoutPath(storeId, product)}`
}

export function ProductTable({
  storeId,
  products,
  loading,
  error,
  deletingId,
  onEdit,
  onDelete,
  onCopyLink,
}: ProductTableProps) {
  return (
    <Table className="products-table">
      <thead>
        <tr>
          <Th>Produto</Th>
          <Th>Preço</Th>
          <Th>Tipo</Th>
          <Th>Estoque</Th>
          <Th>Link de Compra</Th>
          <Th className="products-actions-col">Ações</Th>
        </tr>
      </thead>
      <tbody>
        {loading && products.length === 0 ? (
          <TableMessage colSpan={6}>Carregando produtos...</TableMessage>
        ) : error ? (
          <TableMessage colSpan={6}>
            <span className="products-error">{error}</span>
          </TableMessage>
        ) : products.length === 0 ? (
          <TableMessage colSpan={6}>Nenhum produto encontrado</TableMessage>
        ) : (
          products.map((p) => {
            const url = purchaseUrl(storeId, p)
            return (
              <tr key={p.id} data-product-id={p.id}>
                <Td className="product-main-cell">
                  <div className="product-cell">
                    <ProductImage url={p.imageUrl} alt={p.name} />
                    <div className="product-cell-text">
                      <strong className="product-name">{p.name}</strong>
                      {p.description && <span className="product-description">{p.description}</span>}
                    </div>
                  </div>
                </Td>
                <Td className="product-price" data-label="Preço">
                  {formatBRL(p.price)}
                </Td>
                <Td data-label="Tipo">
                  <Badge tone={p.type === 'DIGITAL' ? 'purple' : 'info'}>{PRODUCT_TYPE_LABELS[p.type]}</Badge>
                </Td>
                <Td data-label="Estoque">{p.type === 'PHYSICAL' ? p.stock : <span className="muted">—</span>}</Td>
                <Td className="product-link-cell" data-label="Link de Compra">
                  <div className="product-link">
                    <code className="product-link-url" title={url}>
                      {url}
                    </code>
                    <div className="row">
                      <Button size="sm" variant="secondary" onClick={() => window.open(url, '_blank', 'noopener')}>
                        Visualizar
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => onCopyLink(url)}>
                        Copiar
                      </Button>
                    </div>
                  </div>
                </Td>
                <Td className="products-actions-cell">
                  <div className="row products-actions">
                    <Button size="sm" variant="ghost" onClick={() => onEdit(p)} aria-label={`Editar ${p.name}`}>
                      Editar
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      loading={deletingId === p.id}
                      onClick={() => onDelete(p)}
                      aria-label={`Excluir ${p.name}`}
                    >
                      Excluir
                    </Button>
                  </div>
                </Td>
              </tr>
            )
          })
        )}
      </tbody>
    </Table>
  )
}
