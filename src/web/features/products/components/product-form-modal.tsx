import type { Product, ProductValues } from '../../../../shared/catalog'
import { Modal } from '../../../ui'
import { ProductForm } from './product-form'

/** 'Adicionar Novo Produto' or, with a product, 'Editar Produto'. */
export function ProductFormModal({
  product,
  onClose,
  onSubmit,
}: {
  product?: Product
  onClose(): void
  onSubmit(values: ProductValues, image: File | undefined): Promise<unknown>
}) {
  return (
    <Modal open onClose={onClose} title={product ? 'Editar Produto' : 'Adicionar Novo Produto'} size="lg">
      <ProductForm product={product} onSubmit={onSubmit} onCancel={onClose} />
    </Modal>
  )
}
