import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'

type EmailInput = { email: string }

/**
 * A form that asks for a link by e-mail (password reset, the buyer's sign-in): the server gives the same answer
 * whether the address is known or not, so the form only shows that answer, or why it could not be sent.
 */
export function useEmailLinkForm(
  schema: z.ZodType<EmailInput, EmailInput>,
  send: (input: EmailInput) => Promise<{ message: string }>,
) {
  const [answer, setAnswer] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const form = useForm<EmailInput>({ resolver: zodResolver(schema), reValidateMode: 'onSubmit' })
  const submit = form.handleSubmit(async (input) => {
    setFailure(undefined)
    try {
      setAnswer((await send(input)).message)
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : 'Não foi possível enviar agora.')
    }
  })
  return { register: form.register, errors: form.formState.errors, submit, answer, failure }
}
