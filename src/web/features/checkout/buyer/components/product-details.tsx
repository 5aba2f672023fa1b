import type { PublicProduct } from '../../../../../shared/catalog'

/** The product-related block under the form. */
export function ProductDetails({ product }: { product: PublicProduct }) {
  if (!product.description) return null
  return (
    <section className="ck-card ck-product-details">
      <h2 className="ck-card-title">Sobre o produto</h2>
      <p className="ck-muted">{product.description}</p>
    </section>
  )
}
