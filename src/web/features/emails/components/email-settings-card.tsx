import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import {
  BUYER_EMAIL_KINDS,
  EMAIL_KIND_LABELS,
  type EmailSettingsInput,
  emailSettingsSchema,
} from '../../../../shared/notifications'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Alert, Button, Card, Checkbox, Input, Loading } from '../../../ui'
import { useEmailSettings, useSaveEmailSettings } from '../api/emails'

/** Which messages the store sends, the owner's sale notice, and where buyers' replies go. */
export function EmailSettingsCard({ storeId }: { storeId: string }) {
  const settings = useEmailSettings(storeId)
  const save = useSaveEmailSettings(storeId)
  const form = useForm<EmailSettingsInput>({ resolver: zodResolver(emailSettingsSchema), reValidateMode: 'onSubmit' })
  const { register, handleSubmit, reset, setError, formState } = form

  useEffect(() => {
    if (settings.data) reset({ ...settings.data, replyTo: settings.data.replyTo ?? '' })
  }, [settings.data, reset])

  if (settings.isPending) return <Loading message="Carregando configurações..." />
  if (settings.isError) return <Alert tone="danger">Não foi possível carregar as configurações de e-mail.</Alert>

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input)
      toast.success('Configurações de e-mail salvas!')
    } catch (err) {
      const e = err instanceof ApiError ? err : undefined
      if (e?.errors?.replyTo) setError('replyTo', { message: e.errors.replyTo })
      toast.error(e?.message ?? 'Erro ao salvar')
    }
  })

  return (
    <Card title="Configurações de e-mail">
      <form className="stack" onSubmit={submit} noValidate>
        <p className="muted">Mensagens que seus compradores recebem:</p>
        {BUYER_EMAIL_KINDS.map((kind) => (
          <Checkbox key={kind} label={EMAIL_KIND_LABELS[kind]} {...register(`buyerKinds.${kind}`)} />
        ))}
        <Checkbox label="Avisar-me por e-mail a cada venda aprovada" {...register('notifyNewSale')} />
        <Input
          label="E-mail para respostas (reply-to)"
          type="email"
          placeholder="contato@sualoja.com.br"
          error={formState.errors.replyTo?.message}
          {...register('replyTo')}
        />
        <div>
          <Button type="submit" loading={save.isPending} loadingText="Salvando...">
            Salvar
          </Button>
        </div>
      </form>
    </Card>
  )
}
