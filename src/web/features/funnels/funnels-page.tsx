import { Workflow } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router-dom'
import type { Funnel } from '../../../shared/funnels'
import { formatBRL } from '../../../shared/money'
import { toast } from '../../lib/toast'
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, ListStates, PageHeader } from '../../ui'
import { useDeleteFunnel, useFunnelStats, useFunnels, useSaveFunnel } from './api/funnels'
import { FunnelEditor, FunnelFlow } from './funnel-editor'
import './funnels.css'

/** /store/:storeId/funnels — 'Funis': one-tap offers after payment, their graph and, per step, what they sold. */
export default function FunnelsPage() {
  const { storeId = '' } = useParams()
  const list = useFunnels(storeId)
  const [editing, setEditing] = useState<Funnel | 'new' | null>(null)
  if (!storeId) return <Alert tone="danger">Nenhuma loja selecionada</Alert>
  if (editing)
    return (
      <div className="fn-page">
        <FunnelEditor
          storeId={storeId}
          funnel={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      </div>
    )
  return (
    <div className="fn-page">
      <PageHeader
        title="Funis"
        subtitle="Ofertas que o comprador aceita com um toque, logo depois do pagamento, no mesmo cartão."
        actions={<Button onClick={() => setEditing('new')}>+ Novo funil</Button>}
      />
      <ListStates
        query={list}
        loading="Carregando funis…"
        failed={<Alert tone="danger">Não foi possível carregar os funis</Alert>}
        empty={
          <EmptyState
            icon={<Workflow />}
            title="Nenhum funil ainda"
            description="Crie o primeiro para oferecer o próximo produto depois da compra."
          />
        }
      >
        {(funnels) =>
          funnels.map((f) => <FunnelCard key={f.id} storeId={storeId} funnel={f} onEdit={() => setEditing(f)} />)
        }
      </ListStates>
    </div>
  )
}

function FunnelCard({ storeId, funnel, onEdit }: { storeId: string; funnel: Funnel; onEdit: () => void }) {
  const stats = useFunnelStats(storeId, funnel.id)
  const save = useSaveFunnel(storeId)
  const remove = useDeleteFunnel(storeId)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const toggle = async () => {
    const { id: _id, storeId: _s, createdAt: _c, updatedAt: _u, ...body } = funnel
    await save.mutateAsync({ id: funnel.id, body: { ...body, active: !funnel.active } })
    toast.success(funnel.active ? 'Funil desativado' : 'Funil ativado')
  }
  return (
    <Card
      title={funnel.name}
      actions={
        <div className="fn-row">
          {/* Named with the funnel: in a list of funnels, 'Editar' alone does not say which one. */}
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Editar ${funnel.name}`}>
            Editar
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={toggle}
            aria-label={`${funnel.active ? 'Desativar' : 'Ativar'} ${funnel.name}`}
          >
            {funnel.active ? 'Desativar' : 'Ativar'}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setConfirmDelete(true)}
            aria-label={`Excluir ${funnel.name}`}
          >
            Excluir
          </Button>
        </div>
      }
    >
      <Badge tone={funnel.active ? 'success' : 'neutral'}>{funnel.active ? 'Ativo' : 'Inativo'}</Badge>
      <FunnelFlow steps={funnel.steps} />
      <div className="fn-stats-wrap">
        <table className="fn-stats" data-testid="funnel-stats">
          <caption>Resultados por etapa</caption>
          <thead>
            <tr>
              <th scope="col">Etapa</th>
              <th scope="col">Viram</th>
              <th scope="col">Aceitaram</th>
              <th scope="col">Recusaram</th>
              {/* Taps on a step whose stock had just run out: nothing charged, the buyer moved on. */}
              <th scope="col">Esgotado</th>
              <th scope="col">Receita paga</th>
            </tr>
          </thead>
          <tbody>
            {(stats.data?.steps ?? []).map((s) => (
              <tr key={s.key}>
                <th scope="row">{s.key}</th>
                <td>{s.views}</td>
                <td>{s.accepts}</td>
                <td>{s.declines}</td>
                <td>{s.soldOut}</td>
                <td>{formatBRL(s.paidRevenueCents / 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Excluir funil"
        message={`Excluir "${funnel.name}"? Os pedidos já feitos pelas ofertas continuam; os números deste funil somem.`}
        confirmLabel="Excluir"
        danger
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate(funnel.id, { onSettled: () => setConfirmDelete(false) })}
      />
    </Card>
  )
}
