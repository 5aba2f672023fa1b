import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { STORE_DESCRIPTION_MAX, STORE_NAME_MAX, storeInputSchema } from '../../../../shared/stores'
import { ApiError } from '../../../lib/api'
import { fieldBinder } from '../../../lib/form-field'
import { Button, Input, Textarea } from '../../../ui'

export type StoreFormValues = z.output<typeof storeInputSchema>
type StoreFormInput = z.input<typeof storeInputSchema>

export interface StoreFormProps {
  defaultValues?: { name: string; description: string | null }
  submitLabel: string
  submittingLabel: string
  /** Rejects with the ApiError so its field errors land under the fields. */
  onSubmit(values: StoreFormValues): Promise<unknown>
  onCancel(): void
}

/** Name and optional description with the §5 rules; an error clears as soon as its field is edited. */
export function StoreForm({ defaultValues, submitLabel, submittingLabel, onSubmit, onCancel }: StoreFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<StoreFormInput, unknown, StoreFormValues>({
    resolver: zodResolver(storeInputSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { name: defaultValues?.name ?? '', description: defaultValues?.description ?? '' },
  })
  const field = fieldBinder(register, errors)

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const [field, message] of Object.entries(err.errors))
          if (field === 'name' || field === 'description') setError(field, { message })
      }
    }
  })

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Input
        label="Nome da loja *"
        placeholder="Ex.: Minha Loja"
        autoFocus
        maxLength={STORE_NAME_MAX + 20}
        {...field('name', { onChange: () => clearErrors('name') })}
      />
      <Textarea
        label="Descrição (opcional)"
        placeholder="Conte em poucas palavras o que sua loja vende"
        rows={3}
        maxLength={STORE_DESCRIPTION_MAX + 50}
        {...field('description', { onChange: () => clearErrors('description') })}
      />
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" loading={isSubmitting} loadingText={submittingLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
