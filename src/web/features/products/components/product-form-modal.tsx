import type { Product, ProductValues } from '../../../../shared/catalog'
import { Modal } from '../../../ui'
import { ProductForm } from './product-form'

/** 'Adicionar Novo Produto' or, with a product, 'Editar Produto'. */
export function ProductFormModal({
  product,
  storeId,
  onClose,
  onSubmit,
}: {
  product?: Product
  storeId?: string
  onClose(): void
  onSubmit(values: ProductValues, image: File | undefined): Promise<unknown>
}) {
  return (
    <Modal open onClose={onClose} title={product ? 'Editar Produto' : 'Adicionar Novo Produto'} size="lg">
      <ProductForm product={product} storeId={storeId} onSubmit={onSubmit} onCancel={onClose} />
    </Modal>
  )
}
