import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { ApiError } from '../../../lib/api'
import { fieldBinder } from '../../../lib/form-field'
import { Alert, Badge, Button, Checkbox, Input, Select, Spinner } from '../../../ui'
import { useDeletePlan, useProductPlans, useSavePlan } from '../api/plans'
import { type IntervalUnit, METHOD_LABELS, type Plan, type PlanMethod, planPriceLabel, trialLabel } from '../model'
import { EMPTY_PLAN_FORM, formToPlan, type PlanFormValues, planFormSchema, planToForm } from './plan-form'
import './subscriptions.css'

const METHODS: PlanMethod[] = ['credit_card', 'pix_automatic', 'pix', 'bank_slip']

/**
 * 'Planos de assinatura' in a digital product's form: the plans listed with edit and remove, and one plan form
 * (new or the one being edited). It sits inside the product's own <form>, so it never renders a form of its own.
 */
export function PlansEditor({ storeId, productId }: { storeId: string; productId: string }) {
  const plans = useProductPlans(storeId, productId)
  const remove = useDeletePlan(storeId, productId)
  const [editing, setEditing] = useState<Plan | 'new' | undefined>()
  return (
    <section className="stack sub-plans" aria-labelledby="sub-plans-title" data-testid="plans-editor">
      <h3 id="sub-plans-title" className="sub-plans-title">
        Planos de assinatura
      </h3>
      {plans.isLoading && <Spinner />}
      {plans.isError && <Alert tone="danger">Não foi possível carregar os planos.</Alert>}
      {plans.data?.length === 0 && !editing && (
        <span className="muted">Sem planos: o produto é vendido em pagamento único.</span>
      )}
      {plans.data && plans.data.length > 0 && (
        <ul className="sub-plan-list">
          {plans.data.map((p) => (
            <li key={p.id}>
              <span className="sub-plan-main">
                <strong>{p.name}</strong> {planPriceLabel(p)}
                {trialLabel(p.trialDays) && <Badge tone="success">{trialLabel(p.trialDays)}</Badge>}
                {!p.active && <Badge tone="neutral">Inativo</Badge>}
              </span>
              <span className="sub-plan-actions">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(p)}
                  aria-label={`Editar plano ${p.name}`}
                >
                  Editar
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => remove.mutate(p.id)}
                  disabled={remove.isPending}
                  aria-label={`Remover plano ${p.name}`}
                >
                  Remover
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <Alert tone="danger">{(remove.error as Error).message}</Alert>}
      {editing ? (
        <PlanForm
          key={editing === 'new' ? 'new' : editing.id}
          storeId={storeId}
          productId={productId}
          plan={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(undefined)}
        />
      ) : (
        <div>
          <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
            Adicionar plano
          </Button>
        </div>
      )}
    </section>
  )
}

type Output = z.output<typeof planFormSchema>

/** One plan's fields with the rules under each; saving sends integer cents. */
export function PlanForm({
  storeId,
  productId,
  plan,
  onDone,
}: {
  storeId: string
  productId: string
  plan?: Plan
  onDone: () => void
}) {
  const save = useSavePlan(storeId, productId)
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<PlanFormValues, unknown, Output>({
    resolver: zodResolver(planFormSchema),
    defaultValues: plan ? planToForm(plan) : EMPTY_PLAN_FORM,
  })
  const field = fieldBinder(register, errors)
  const methods = watch('methods') as PlanMethod[]
  const [failure, setFailure] = useState<string | undefined>()

  // The product form around this one is a <form>: the plan is saved by its own button, never by submitting both.
  const submit = handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      await save.mutateAsync({ id: plan?.id, input: formToPlan(values) })
      onDone()
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const [name, message] of Object.entries(err.errors))
          if (name in EMPTY_PLAN_FORM) setError(name as keyof PlanFormValues, { message })
      }
      setFailure(err instanceof Error ? err.message : 'Não foi possível salvar o plano.')
    }
  })

  const toggle = (m: PlanMethod, on: boolean) =>
    setValue('methods', on ? [...methods, m] : methods.filter((x) => x !== m), { shouldValidate: true })

  return (
    <div className="stack sub-plan-form" role="group" aria-label={plan ? `Editar plano ${plan.name}` : 'Novo plano'}>
      <Input label="Nome do plano *" placeholder="Ex.: Mensal" {...field('name')} />
      <div className="sub-grid">
        <Input label="Preço por período (R$) *" inputMode="decimal" placeholder="49,90" {...field('price')} />
        <Select
          label="Cobrança a cada *"
          value={watch('intervalUnit')}
          onChange={(e) => setValue('intervalUnit', e.target.value as IntervalUnit, { shouldValidate: isSubmitted })}
        >
          <option value="WEEK">Semana(s)</option>
          <option value="MONTH">Mês(es)</option>
          <option value="YEAR">Ano</option>
        </Select>
        <Input label="Intervalo *" type="number" inputMode="numeric" min={1} {...field('intervalCount')} />
        <Input label="Dias grátis" type="number" inputMode="numeric" min={0} max={365} {...field('trialDays')} />
        <Input
          label="Limite de cobranças"
          inputMode="numeric"
          placeholder="Sem limite"
          hint="Em branco: cobra até o cancelamento."
          {...field('maxCycles')}
        />
      </div>
      <fieldset className="sub-methods">
        <legend className="field-label">Formas de pagamento *</legend>
        {METHODS.map((m) => (
          <Checkbox
            key={m}
            label={METHOD_LABELS[m]}
            checked={methods.includes(m)}
            onChange={(e) => toggle(m, e.target.checked)}
          />
        ))}
        {errors.methods && (
          <p className="field-error" role="alert">
            {errors.methods.message}
          </p>
        )}
      </fieldset>
      <Checkbox label="Plano ativo (aparece no checkout)" {...register('active')} />
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="sub-actions">
        <Button size="sm" variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button size="sm" onClick={() => void submit()} loading={save.isPending} loadingText="Salvando...">
          Salvar plano
        </Button>
      </div>
    </div>
  )
}
