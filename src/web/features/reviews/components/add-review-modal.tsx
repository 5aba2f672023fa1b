import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  type MerchantReviewInput,
  merchantReviewSchema,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
} from '../../../../shared/reviews'
import { ApiError } from '../../../lib/api'
import { fieldBinder } from '../../../lib/form-field'
import { toast } from '../../../lib/toast'
import { Alert, Button, Input, Modal, Select, Textarea } from '../../../ui'
import { useReviewProducts } from '../api/get-store-products'
import { useAddReview } from '../api/mutations'

type Output = z.output<typeof merchantReviewSchema>
const EMPTY: MerchantReviewInput = {
  customerName: '',
  title: '',
  comment: '',
  productName: '',
  productId: '',
  rating: 5,
  location: '',
}

/**
 * The merchant adds a review by hand (spec 002 §5): name, title, comment and product required, rating 5 unless
 * changed. It is published at once, shown as added by the store, and never as a verified purchase.
 */
export function AddReviewModal({ storeId, open, onClose }: { storeId: string; open: boolean; onClose: () => void }) {
  const products = useReviewProducts(storeId, open)
  const add = useAddReview(storeId)
  const form = useForm<MerchantReviewInput, unknown, Output>({
    resolver: zodResolver(merchantReviewSchema),
    defaultValues: EMPTY,
  })
  const { errors } = form.formState
  const field = fieldBinder(form.register, errors)
  const anyRequiredMissing = Object.values(errors).some((e) => e?.message === REVIEW_MESSAGES.required)

  const close = () => {
    form.reset(EMPTY)
    onClose()
  }
  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await add.mutateAsync({ ...values, productId: values.productId || undefined })
      toast.success(res.message ?? REVIEW_MESSAGES.added)
      close()
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao adicionar avaliação')
    }
  })

  return (
    <Modal
      open={open}
      onClose={close}
      title="Adicionar avaliação"
      locked={add.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={add.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="add-review-form" loading={add.isPending}>
            Adicionar
          </Button>
        </>
      }
    >
      <form id="add-review-form" className="stack" noValidate onSubmit={(e) => void submit(e)}>
        <Alert tone="info">
          Use para registrar a avaliação que um cliente lhe enviou por outro canal. Ela é publicada na hora, aparece
          como “Adicionada pela loja” e nunca como compra verificada.
        </Alert>
        {anyRequiredMissing && <Alert tone="danger">{REVIEW_MESSAGES.required}</Alert>}
        <Input label="Nome do cliente *" maxLength={REVIEW_LIMITS.name} {...field('customerName')} />
        <Select
          label="Produto *"
          error={errors.productName?.message}
          value={form.watch('productId') ?? ''}
          onChange={(e) => {
            const product = products.data?.find((p) => p.id === e.target.value)
            form.setValue('productId', product?.id ?? '')
            form.setValue('productName', product?.name ?? '', { shouldValidate: form.formState.isSubmitted })
          }}
        >
          <option value="">{products.isLoading ? 'Carregando produtos...' : 'Selecione o produto'}</option>
          {products.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Select label="Nota" {...field('rating', { valueAsNumber: true })}>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {'★'.repeat(n)} ({n})
            </option>
          ))}
        </Select>
        <Input label="Título *" maxLength={REVIEW_LIMITS.title} {...field('title')} />
        <Textarea label="Comentário *" rows={4} maxLength={REVIEW_LIMITS.comment} {...field('comment')} />
        <Input label="Cidade/UF (opcional)" maxLength={REVIEW_LIMITS.location} {...field('location')} />
      </form>
    </Modal>
  )
}
