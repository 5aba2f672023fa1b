import { buyerLoginLinkSchema } from '../../../../shared/buyers'
import { useEmailLinkForm } from '../../../lib/email-link-form'
import { Alert, Button, Input } from '../../../ui'
import { useRequestLoginLink } from '../api/buyer-area'

/** The e-mail the buyer used at checkout: the same answer whether it bought anything here or not. */
export function LoginLinkForm() {
  const mutation = useRequestLoginLink()
  const { register, errors, submit, answer, failure } = useEmailLinkForm(buyerLoginLinkSchema, mutation.mutateAsync)

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
