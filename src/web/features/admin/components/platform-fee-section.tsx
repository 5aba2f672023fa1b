import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { type PlatformFee, platformFeeSchema } from '../../../../shared/affiliates'
import { formatCents } from '../../../../shared/money'
import { ApiError } from '../../../lib/api'
import { LONG_TOAST, toast } from '../../../lib/toast'
import { Button, Card, Input } from '../../../ui'
import { usePlatformFee, useSavePlatformFee } from '../api/platform-fee'

/** 'Taxa da plataforma': the admin's fee on split orders (a percentage in basis points plus fixed centavos). */
export function PlatformFeeSection() {
  const { data, isPending } = usePlatformFee()
  const save = useSavePlatformFee()
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PlatformFee>({
    resolver: zodResolver(platformFeeSchema),
    defaultValues: { percentBps: 0, fixedCents: 0 },
  })

  useEffect(() => {
    if (data) reset(data)
  }, [data, reset])

  const [bps, cents] = watch(['percentBps', 'fixedCents'])
  const example = Number.isFinite(bps) && Number.isFinite(cents) ? Math.round((10_000 * bps) / 10_000) + cents : null

  const onSubmit = handleSubmit(async (fee) => {
    try {
      const res = await save.mutateAsync(fee)
      toast.success(res.message, LONG_TOAST)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao salvar a taxa da plataforma', LONG_TOAST)
    }
  })

  return (
    <Card title="Taxa da plataforma" aria-labelledby="platform-fee-title">
      <p className="muted" id="platform-fee-title">
        Descontada de cada venda com afiliados ou coprodutores antes da divisão. 100 pontos-base = 1%.
      </p>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <Input
          label="Percentual (pontos-base)"
          type="number"
          inputMode="numeric"
          min={0}
          max={10_000}
          disabled={isPending}
          error={errors.percentBps?.message}
          {...register('percentBps', { valueAsNumber: true })}
        />
        <Input
          label="Valor fixo (centavos)"
          type="number"
          inputMode="numeric"
          min={0}
          disabled={isPending}
          error={errors.fixedCents?.message}
          {...register('fixedCents', { valueAsNumber: true })}
        />
        {example !== null && (
          <p className="muted" aria-live="polite">
            Numa venda de {formatCents(10_000)}, a plataforma fica com {formatCents(example)}.
          </p>
        )}
        <div>
          <Button type="submit" disabled={isSubmitting || isPending}>
            Salvar taxa
          </Button>
        </div>
      </form>
    </Card>
  )
}
