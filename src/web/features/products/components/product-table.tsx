import { PRODUCT_TYPE_LABELS, type Product, productCheckoutPath } from '../../../../shared/catalog'
import { formatBRL } from '../../../../shared/money'
import { Badge, Button, RowActions, Table, TableMessage, Td, Th } from '../../../ui'
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

const units = new Intl.NumberFormat('pt-BR')

/** A physical product's stock under its type ('12 em estoque', 'Esgotado'); digital products have none. */
function StockLine({ product }: { product: Product }) {
  if (product.type !== 'PHYSICAL') return null
  const stock = product.stock ?? 0
  if (stock <= 0) return <span className="product-sold-out small">Esgotado</span>
  return <span className="small">{units.format(stock)} em estoque</span>
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
          <Th className="products-name-col">Produto</Th>
          <Th className="products-price-col">Preço</Th>
          <Th className="products-type-col">Tipo e estoque</Th>
          <Th className="products-link-col">Link de Compra</Th>
          <Th className="products-actions-col">Ações</Th>
        </tr>
      </thead>
      <tbody>
        {loading && products.length === 0 ? (
          <TableMessage colSpan={5}>Carregando produtos...</TableMessage>
        ) : error ? (
          <TableMessage colSpan={5}>
            <span className="products-error">{error}</span>
          </TableMessage>
        ) : products.length === 0 ? (
          <TableMessage colSpan={5}>Nenhum produto encontrado</TableMessage>
        ) : (
          products.map((p) => {
            const url = purchaseUrl(storeId, p)
            return (
              <tr key={p.id} data-product-id={p.id}>
                <Td className="product-main-cell">
                  <div className="product-cell">
                    <ProductImage url={p.imageUrl} alt={p.name} />
                    <div className="product-cell-text">
                      <strong className="product-name" title={p.name}>
                        {p.name}
                      </strong>
                      {p.description && (
                        <span className="product-description" title={p.description}>
                          {p.description}
                        </span>
                      )}
                    </div>
                  </div>
                </Td>
                <Td className="product-price" data-label="Preço">
                  {formatBRL(p.price)}
                </Td>
                <Td data-label="Tipo e estoque">
                  <div className="product-type">
                    <Badge tone={p.type === 'DIGITAL' ? 'purple' : 'info'}>{PRODUCT_TYPE_LABELS[p.type]}</Badge>
                    <StockLine product={p} />
                  </div>
                </Td>
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
                  <RowActions
                    className="row products-actions"
                    name={p.name}
                    editVariant="ghost"
                    deleting={deletingId === p.id}
                    onEdit={() => onEdit(p)}
                    onDelete={() => onDelete(p)}
                  />
                </Td>
              </tr>
            )
          })
        )}
      </tbody>
    </Table>
  )
}
