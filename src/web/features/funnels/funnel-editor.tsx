import { ArrowDown } from 'lucide-react'
import { useState } from 'react'
import {
  FUNNEL_MAX_STEPS,
  type Funnel,
  type FunnelInput,
  type FunnelStep,
  funnelGraphErrors,
} from '../../../shared/funnels'
import { formatBRL } from '../../../shared/money'
import { ApiError } from '../../lib/api'
import { Alert, Button, Card, Input, Select, Textarea } from '../../ui'
import { useFunnelProducts, useSaveFunnel } from './api/funnels'

/** A step as typed; `uid` keeps each fieldset's identity while steps are added and removed. */
type Draft = Omit<FunnelStep, 'priceCents'> & { price: string; uid: string }

const emptyStep = (key: string): Draft => ({
  uid: crypto.randomUUID(),
  key,
  kind: 'upsell',
  productId: '',
  price: '',
  headline: '',
  description: '',
  maxInstallments: 1,
  onAccept: null,
  onDecline: null,
})

const toDraft = (s: FunnelStep): Draft => ({
  ...s,
  uid: crypto.randomUUID(),
  price: (s.priceCents / 100).toFixed(2).replace('.', ','),
})
const cents = (price: string) => Math.round(Number(price.replace(/\./g, '').replace(',', '.')) * 100)

/** The step editor: fields per step, the graph as a short vertical flow, and a 390 px preview of the chosen step. */
export function FunnelEditor({ storeId, funnel, onDone }: { storeId: string; funnel?: Funnel; onDone: () => void }) {
  const products = useFunnelProducts(storeId)
  const save = useSaveFunnel(storeId)
  const [name, setName] = useState(funnel?.name ?? '')
  const [triggers, setTriggers] = useState<string[]>(funnel?.triggerProductIds ?? [])
  const [steps, setSteps] = useState<Draft[]>(funnel?.steps.map(toDraft) ?? [emptyStep('a')])
  const [preview, setPreview] = useState(0)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)

  const productOptions = [
    { value: '', label: 'Escolha um produto' },
    ...(products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${formatBRL(p.price)})` })),
  ]
  const targetOptions = [{ value: '', label: 'Fim do funil' }, ...steps.map((s) => ({ value: s.key, label: s.key }))]
  const patch = (i: number, p: Partial<Draft>) => setSteps((all) => all.map((s, j) => (j === i ? { ...s, ...p } : s)))

  async function submit() {
    const body: FunnelInput = {
      name,
      active: funnel?.active ?? true,
      triggerProductIds: triggers,
      steps: steps.map(({ price, uid: _uid, ...s }) => ({ ...s, priceCents: cents(price) })),
    }
    const graph = funnelGraphErrors(body.steps)
    setErrors(graph)
    const first = Object.values(graph)[0]
    if (first) return setMessage(first)
    try {
      await save.mutateAsync({ id: funnel?.id, body })
      onDone()
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : 'Não foi possível salvar o funil')
      if (err instanceof ApiError) setErrors(err.errors ?? {})
    }
  }

  const shown = steps[preview] ?? steps[0]
  const shownProduct = products.data?.find((p) => p.id === shown?.productId)
  return (
    <div className="fn-editor">
      <Card title={funnel ? 'Editar funil' : 'Novo funil'}>
        <Input label="Nome do funil" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <fieldset className="fn-triggers">
          <legend>Mostrar depois da compra de</legend>
          {(products.data ?? []).map((p) => (
            <label key={p.id} className="fn-check">
              <input
                type="checkbox"
                checked={triggers.includes(p.id)}
                onChange={(e) => setTriggers((t) => (e.target.checked ? [...t, p.id] : t.filter((id) => id !== p.id)))}
              />
              {p.name}
            </label>
          ))}
        </fieldset>
        {steps.map((s, i) => (
          <fieldset key={s.uid} className="fn-step">
            <legend>
              Etapa {i + 1}
              {i === 0 ? ' (primeira)' : ''}
            </legend>
            <Input
              label="Código da etapa"
              value={s.key}
              onChange={(e) => patch(i, { key: e.target.value })}
              error={errors[`steps.${i}.key`]}
            />
            <Select
              label="Tipo"
              value={s.kind}
              onChange={(e) => patch(i, { kind: e.target.value as Draft['kind'] })}
              options={[
                { value: 'upsell', label: 'Oferta (upsell)' },
                { value: 'downsell', label: 'Oferta menor (downsell)' },
              ]}
            />
            <Select
              label="Produto"
              value={s.productId}
              onChange={(e) => patch(i, { productId: e.target.value })}
              options={productOptions}
              error={errors[`steps.${i}.productId`]}
            />
            <Input
              label="Preço da oferta (R$)"
              inputMode="decimal"
              value={s.price}
              onChange={(e) => patch(i, { price: e.target.value })}
              error={errors[`steps.${i}.priceCents`]}
            />
            <Input
              label="Título"
              value={s.headline}
              onChange={(e) => patch(i, { headline: e.target.value })}
              error={errors[`steps.${i}.headline`]}
            />
            <Textarea label="Texto" value={s.description} onChange={(e) => patch(i, { description: e.target.value })} />
            <Input
              label="Parcelas no cartão (máx.)"
              type="number"
              min={1}
              max={12}
              value={s.maxInstallments}
              onChange={(e) => patch(i, { maxInstallments: Number(e.target.value) || 1 })}
            />
            <Select
              label="Se aceitar"
              value={s.onAccept ?? ''}
              onChange={(e) => patch(i, { onAccept: e.target.value || null })}
              options={targetOptions}
              error={errors[`steps.${i}.onAccept`]}
            />
            <Select
              label="Se recusar"
              value={s.onDecline ?? ''}
              onChange={(e) => patch(i, { onDecline: e.target.value || null })}
              options={targetOptions}
              error={errors[`steps.${i}.onDecline`]}
            />
            <div className="fn-row">
              <Button variant="secondary" size="sm" onClick={() => setPreview(i)}>
                Pré-visualizar
              </Button>
              {steps.length > 1 && (
                <Button variant="ghost" size="sm" onClick={() => setSteps((all) => all.filter((_, j) => j !== i))}>
                  Remover etapa
                </Button>
              )}
            </div>
          </fieldset>
        ))}
        {steps.length < FUNNEL_MAX_STEPS && (
          <Button
            variant="secondary"
            onClick={() => setSteps((all) => [...all, emptyStep(String.fromCharCode(97 + all.length))])}
          >
            + Adicionar etapa
          </Button>
        )}
        {message && <Alert tone="danger">{message}</Alert>}
        <div className="fn-row">
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Salvando…' : 'Salvar funil'}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Cancelar
          </Button>
        </div>
      </Card>
      <Card title="Fluxo">
        <FunnelFlow steps={steps} />
      </Card>
      {shown && (
        <Card title={`Pré-visualização: etapa ${shown.key} (390 px)`}>
          <div className="fn-preview" data-testid="funnel-preview">
            <p className="fn-kicker">Oferta especial para você</p>
            <h3>{shown.headline || 'Título da oferta'}</h3>
            <p className="fn-name">{shownProduct?.name ?? 'Produto'}</p>
            <p className="fn-price">{formatBRL(cents(shown.price || '0') / 100)}</p>
            {shown.description && <p>{shown.description}</p>}
            <span className="fn-yes">Sim, quero!</span>
            <span className="fn-no">Não, obrigado</span>
          </div>
        </Card>
      )}
    </div>
  )
}

/** The graph as a short vertical flow: each step with its 'se aceitar' / 'se recusar' arrows. */
export function FunnelFlow({
  steps,
}: {
  steps: readonly Pick<FunnelStep, 'key' | 'headline' | 'onAccept' | 'onDecline'>[]
}) {
  return (
    <ol className="fn-flow" aria-label="Fluxo do funil">
      {steps.map((s) => (
        <li key={s.key}>
          <strong>{s.key}</strong> {s.headline}
          <span className="fn-edge">
            <ArrowDown size={14} aria-hidden /> se aceitar → {s.onAccept ?? 'fim'}
          </span>
          <span className="fn-edge">
            <ArrowDown size={14} aria-hidden /> se recusar → {s.onDecline ?? 'fim'}
          </span>
        </li>
      ))}
    </ol>
  )
}
