import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import type { Product, ProductValues } from '../../../shared/catalog'
import { MSG } from '../../../shared/catalog'
import { ApiError } from '../../lib/api'
import { copyText } from '../../lib/clipboard'
import { toast } from '../../lib/toast'
import { Alert, Button, Card, PageHeader } from '../../ui'
import { useDeleteProduct } from './api/delete-product'
import { useProducts } from './api/get-products'
import { useSaveProduct } from './api/save-product'
import { ProductFormModal } from './components/product-form-modal'
import { ProductTable } from './components/product-table'
import { ReadinessWarning } from './components/readiness-warning'
import './products.css'

type FormState = { open: false } | { open: true; product?: Product }

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.message) || fallback

/** 'Meus Produtos' (spec 000 §2): the store's products, their purchase links, and the product form. */
export default function ProductsPage() {
  const { storeId } = useParams()
  const products = useProducts(storeId)
  const save = useSaveProduct()
  const remove = useDeleteProduct()
  const [form, setForm] = useState<FormState>({ open: false })
  const listError = products.isError ? messageOf(products.error, 'Erro ao buscar produtos.') : undefined

  useEffect(() => {
    if (listError) toast.error(listError)
  }, [listError])

  if (!storeId) return <Alert tone="danger">ID da Loja não fornecido. Não é possível carregar produtos.</Alert>

  async function submit(values: ProductValues, image: File | undefined) {
    const editing = form.open ? form.product : undefined
    try {
      await save.mutateAsync({ storeId: storeId!, productId: editing?.id, values, image })
    } catch (err) {
      toast.error(messageOf(err, 'Erro ao salvar produto.'))
      throw err
    }
    toast.success(editing ? 'Produto atualizado com sucesso!' : 'Produto criado com sucesso!')
    setForm({ open: false })
  }

  async function deleteProduct(product: Product) {
    if (!window.confirm(MSG.confirmDelete)) return
    try {
      await remove.mutateAsync({ storeId: storeId!, productId: product.id })
      toast.success('Produto excluído com sucesso!')
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0
      if (status === 404) toast.error(`Produto ${product.id} não encontrado. Pode ter sido excluído anteriormente.`)
      else if (status === 401) toast.error('Sessão expirada. Faça login novamente.')
      else toast.error(messageOf(err, 'Erro ao excluir produto.'))
    }
  }

  async function copyLink(url: string) {
    try {
      await copyText(url)
      toast.success('Link copiado para a área de transferência!')
    } catch {
      toast.error('Não foi possível copiar o link')
    }
  }

  const list = products.isError ? [] : (products.data ?? [])
  return (
    <div className="stack products-page">
      <PageHeader
        title="Produtos da Loja"
        subtitle="Produtos físicos e digitais da loja, com o link de compra de cada um."
        actions={
          <>
            <Button
              variant="secondary"
              loading={products.isFetching}
              loadingText="Atualizando..."
              onClick={() => void products.refetch()}
            >
              Atualizar
            </Button>
            <Button onClick={() => setForm({ open: true })}>Adicionar Produto</Button>
          </>
        }
      />
      <ReadinessWarning storeId={storeId} />
      <Card title="Meus Produtos">
        <ProductTable
          storeId={storeId}
          products={list}
          loading={products.isPending}
          error={listError}
          deletingId={remove.isPending ? remove.variables?.productId : undefined}
          onEdit={(product) => setForm({ open: true, product })}
          onDelete={(product) => void deleteProduct(product)}
          onCopyLink={(url) => void copyLink(url)}
        />
      </Card>
      {form.open && (
        <ProductFormModal
          product={form.product}
          storeId={storeId}
          onClose={() => setForm({ open: false })}
          onSubmit={submit}
        />
      )}
    </div>
  )
}
