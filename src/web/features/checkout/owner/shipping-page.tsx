import { Truck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { SHIPPING_MESSAGES, type ShippingOption, type ShippingOptionValues } from '../../../../shared/checkout'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Alert, Button, Card, ConfirmDialog, EmptyState, Loading, Modal, PageHeader } from '../../../ui'
import { useDeleteShippingOption, useSaveShippingOption, useShippingOptions } from './api/shipping-options'
import { MelhorEnvioCard } from './components/melhor-envio-card'
import { ShippingFallbackCard } from './components/shipping-fallback-card'
import { ShippingOptionForm } from './components/shipping-option-form'
import { ShippingTable } from './components/shipping-table'
import './owner.css'

type FormState = { open: false } | { open: true; option?: ShippingOption }

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.message) || fallback

/** 'Opções de Frete' (spec 001 §2): the store's shipping options with create, edit, activate and delete. */
export default function ShippingPage() {
  const { storeId = '' } = useParams()
  const options = useShippingOptions(storeId)
  const save = useSaveShippingOption()
  const remove = useDeleteShippingOption()
  const [form, setForm] = useState<FormState>({ open: false })
  const [deleting, setDeleting] = useState<ShippingOption | undefined>()

  useEffect(() => {
    if (options.isError) toast.error(messageOf(options.error, SHIPPING_MESSAGES.loadError))
  }, [options.isError, options.error])

  async function submit(values: ShippingOptionValues) {
    const editing = form.open ? form.option : undefined
    try {
      await save.mutateAsync({ storeId, id: editing?.id, values })
    } catch (err) {
      toast.error(messageOf(err, editing ? SHIPPING_MESSAGES.updateError : SHIPPING_MESSAGES.createError))
      throw err
    }
    toast.success(editing ? SHIPPING_MESSAGES.updated : SHIPPING_MESSAGES.created)
    setForm({ open: false })
  }

  async function toggle(option: ShippingOption) {
    try {
      await save.mutateAsync({ storeId, id: option.id, values: { active: !option.active } })
      toast.success(SHIPPING_MESSAGES.updated)
    } catch (err) {
      toast.error(messageOf(err, SHIPPING_MESSAGES.updateError))
    }
  }

  async function confirmDelete() {
    if (!deleting) return
    try {
      await remove.mutateAsync({ storeId, id: deleting.id })
      toast.success(SHIPPING_MESSAGES.deleted)
    } catch (err) {
      toast.error(messageOf(err, SHIPPING_MESSAGES.deleteError))
    }
    setDeleting(undefined)
  }

  const list = options.data ?? []
  const newButton = <Button onClick={() => setForm({ open: true })}>+ Nova Opção</Button>

  return (
    <div className="stack shipping-page">
      <PageHeader
        title="Opções de Frete"
        subtitle="Defina as formas de entrega que o comprador pode escolher no checkout, com preço por região e frete grátis."
        actions={list.length > 0 ? newButton : undefined}
      />
      {options.isPending ? (
        <Loading message="Carregando opções de frete..." />
      ) : options.isError ? (
        <Alert tone="danger">
          <div className="row">
            <span>{messageOf(options.error, SHIPPING_MESSAGES.loadError)}</span>
            <Button variant="secondary" size="sm" onClick={() => void options.refetch()}>
              Tentar novamente
            </Button>
          </div>
        </Alert>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Truck />}
            title={SHIPPING_MESSAGES.empty}
            description="Crie a primeira opção de frete para que compradores de produtos físicos possam escolher a entrega."
            action={newButton}
          />
        </Card>
      ) : (
        <Card className="shipping-list-card">
          <ShippingTable
            options={list}
            onToggle={(o) => void toggle(o)}
            onEdit={(o) => setForm({ open: true, option: o })}
            onDelete={setDeleting}
          />
        </Card>
      )}
      {!options.isPending && !options.isError && (
        <>
          <MelhorEnvioCard storeId={storeId} />
          <ShippingFallbackCard storeId={storeId} activeOptions={list.filter((o) => o.active).length} />
        </>
      )}

      <Modal
        open={form.open}
        onClose={() => setForm({ open: false })}
        title={form.open && form.option ? 'Editar Opção de Frete' : 'Nova Opção de Frete'}
        size="lg"
        locked={save.isPending}
      >
        {form.open && (
          <ShippingOptionForm option={form.option} onSubmit={submit} onCancel={() => setForm({ open: false })} />
        )}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Excluir opção de frete"
        message={SHIPPING_MESSAGES.confirmDelete}
        confirmLabel="Excluir"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(undefined)}
      />
    </div>
  )
}
