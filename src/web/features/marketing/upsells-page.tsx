import { CornerUpRight } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router-dom'
import { UPSELL_DEFAULTS, UPSELL_MESSAGES, type Upsell, upsellInputSchema } from '../../../shared/marketing'
import { ApiError } from '../../lib/api'
import { toast } from '../../lib/toast'
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, Input, ListStates, Modal, PageHeader } from '../../ui'
import { useDeleteUpsell, useSaveUpsell, useUpsells } from './api/upsells'
import { OfferList } from './components/offer-list'
import { useDraft } from './components/use-draft'
import './marketing.css'

const int = new Intl.NumberFormat('pt-BR')
type Confirm = { kind: 'activate' | 'deactivate' | 'delete'; upsell: Upsell }
const CONFIRM_TEXT = {
  activate: { title: 'Ativar link', message: UPSELL_MESSAGES.confirmActivate, label: 'Ativar' },
  deactivate: { title: 'Desativar link', message: UPSELL_MESSAGES.confirmDeactivate, label: 'Desativar' },
  delete: { title: 'Excluir link', message: UPSELL_MESSAGES.confirmDelete, label: 'Excluir' },
} as const

/** /store/:storeId/upsells (spec 002 §2.3): the post-purchase redirect links; one active at a time. */
export default function UpsellsPage() {
  const { storeId = '' } = useParams()
  const list = useUpsells(storeId)
  const save = useSaveUpsell(storeId)
  const remove = useDeleteUpsell(storeId)
  const [modal, setModal] = useState<Upsell | 'new' | null>(null)
  const [confirm, setConfirm] = useState<Confirm | null>(null)

  if (!storeId) return <Alert tone="danger">Nenhuma loja selecionada</Alert>
  const active = list.data?.find((u) => u.active)

  async function runConfirm() {
    if (!confirm) return
    const { kind, upsell } = confirm
    try {
      if (kind === 'delete') await remove.mutateAsync(upsell.id)
      else await save.mutateAsync({ id: upsell.id, body: { active: kind === 'activate' } })
      toast.success(
        kind === 'delete' ? 'Link excluído com sucesso!' : kind === 'activate' ? 'Link ativado!' : 'Link desativado!',
      )
    } catch (err) {
      // spec 002 §8: a status change failure shows the server's message; a delete failure its own
      toast.error(
        kind === 'delete'
          ? UPSELL_MESSAGES.deleteFailed
          : err instanceof ApiError
            ? err.message
            : UPSELL_MESSAGES.saveFailed,
      )
    }
    setConfirm(null)
  }

  return (
    <div className="mk-page">
      <PageHeader
        title="Redirecionamento Pós-Compra"
        subtitle="Envie o comprador para a sua próxima oferta logo depois de uma compra confirmada."
        actions={<Button onClick={() => setModal('new')}>+ Novo Link</Button>}
      />
      <Alert tone="info">
        Apenas um link pode ficar ativo por vez: ao ativar um link, o link ativo atual é desativado. O comprador é
        redirecionado após {UPSELL_DEFAULTS.delaySeconds} segundos, somente depois que o pagamento for confirmado.
      </Alert>
      {active ? (
        <Card title="Link ativo" className="mk-active" data-testid="upsell-active">
          <p>
            <strong>{active.title}</strong> → <span className="mk-url">{active.redirectUrl}</span>
          </p>
          <p className="muted">
            Exibições: {int.format(active.displayCount)} · Cliques: {int.format(active.clickCount)}
          </p>
        </Card>
      ) : (
        <Alert tone="warning">Nenhum link ativo: nenhum redirecionamento será exibido após a compra.</Alert>
      )}
      <ListStates
        query={list}
        loading="Carregando links..."
        failed={<Alert tone="danger">Erro ao carregar links</Alert>}
        empty={
          <EmptyState
            icon={<CornerUpRight />}
            title="Nenhum link configurado"
            description="Crie um link para levar o comprador à sua próxima oferta."
            action={<Button onClick={() => setModal('new')}>Criar Link</Button>}
          />
        }
      >
        {(upsells) => (
          <OfferList
            title="Links configurados"
            items={upsells}
            rowTestId="upsell-row"
            onEdit={setModal}
            onDelete={(u) => setConfirm({ kind: 'delete', upsell: u })}
            toggle={(u) => (
              <Button
                size="sm"
                variant={u.active ? 'secondary' : 'success'}
                onClick={() => setConfirm({ kind: u.active ? 'deactivate' : 'activate', upsell: u })}
              >
                {u.active ? 'Desativar' : 'Ativar'}
              </Button>
            )}
          >
            {(u) => (
              <>
                <strong>{u.title}</strong>{' '}
                <Badge tone={u.active ? 'success' : 'neutral'}>{u.active ? 'Ativo' : 'Inativo'}</Badge>
                <div className="mk-url">{u.redirectUrl}</div>
                <div className="muted" data-testid="upsell-counts">
                  Exibições: {int.format(u.displayCount)} · Cliques: {int.format(u.clickCount)} · Pulos:{' '}
                  {int.format(u.skipCount)}
                </div>
              </>
            )}
          </OfferList>
        )}
      </ListStates>
      {modal && (
        <UpsellModal storeId={storeId} upsell={modal === 'new' ? undefined : modal} onClose={() => setModal(null)} />
      )}
      <ConfirmDialog
        open={!!confirm}
        title={confirm ? CONFIRM_TEXT[confirm.kind].title : ''}
        message={confirm ? CONFIRM_TEXT[confirm.kind].message : ''}
        confirmLabel={confirm ? CONFIRM_TEXT[confirm.kind].label : ''}
        danger={confirm?.kind !== 'activate'}
        loading={save.isPending || remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={runConfirm}
      />
    </div>
  )
}

function UpsellModal({ storeId, upsell, onClose }: { storeId: string; upsell?: Upsell; onClose: () => void }) {
  const { values, field, setErrors, check } = useDraft(() => ({
    title: upsell?.title ?? '',
    redirectUrl: upsell?.redirectUrl ?? '',
  }))
  const save = useSaveUpsell(storeId)

  async function submit() {
    // New links get the spec's defaults (description, 3 s, countdown, SIMPLE, 'Continuar', 'Pular').
    const body = upsell
      ? values
      : {
          ...values,
          description: UPSELL_DEFAULTS.description,
          delaySeconds: UPSELL_DEFAULTS.delaySeconds,
          showCountdown: UPSELL_DEFAULTS.showCountdown,
          template: UPSELL_DEFAULTS.template,
          buttonText: UPSELL_DEFAULTS.buttonText,
          skipText: UPSELL_DEFAULTS.skipText,
        }
    if (!check(upsellInputSchema, body)) return
    try {
      await save.mutateAsync({ id: upsell?.id, body })
      toast.success(upsell ? 'Link atualizado com sucesso!' : 'Link criado com sucesso!')
      onClose()
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors)
      toast.error(UPSELL_MESSAGES.saveFailed)
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      locked={save.isPending}
      title={upsell ? 'Editar Link' : 'Novo Link de Redirecionamento'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Salvar
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
        noValidate
      >
        <Input label="Nome *" {...field('title')} />
        <Input
          label="URL de redirecionamento *"
          type="url"
          inputMode="url"
          placeholder="https://"
          {...field('redirectUrl')}
        />
      </form>
    </Modal>
  )
}
