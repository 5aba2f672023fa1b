import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type BuyerLoginLinkInput, buyerLoginLinkSchema } from '../../../../shared/buyers'
import { Alert, Button, Input } from '../../../ui'
import { useRequestLoginLink } from '../api/buyer-area'

/** The e-mail the buyer used at checkout: the same answer whether it bought anything here or not. */
export function LoginLinkForm() {
  const mutation = useRequestLoginLink()
  const [answer, setAnswer] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BuyerLoginLinkInput>({ resolver: zodResolver(buyerLoginLinkSchema), reValidateMode: 'onSubmit' })

  const submit = handleSubmit(async (input) => {
    setFailure(undefined)
    try {
      setAnswer((await mutation.mutateAsync(input)).message)
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : 'Não foi possível enviar agora.')
    }
  })

  if (answer) return <Alert tone="success">{answer}</Alert>
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <Input
        label="E-mail usado na compra"
        type="email"
        autoComplete="email"
        placeholder="seu@email.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending} loadingText="Enviando...">
        Receber link de acesso
      </Button>
    </form>
  )
}
