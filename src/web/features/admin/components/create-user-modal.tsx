import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { adminCreateUserSchema, ROLE_LABELS, type Role } from '../../../../shared/identity'
import { ApiError } from '../../../lib/api'
import { fieldBinder } from '../../../lib/form-field'
import { LONG_TOAST, toast } from '../../../lib/toast'
import { Button, Input, Modal, Select } from '../../../ui'
import { useCreateUser } from '../api/create-user'

type FormInput = z.input<typeof adminCreateUserSchema>
type FormOutput = z.output<typeof adminCreateUserSchema>
const ROLE_OPTIONS: Role[] = ['ADMIN', 'USER', 'LOJISTA', 'MODERATOR']
const FIELDS = ['name', 'email', 'password', 'role'] as const

/** 'Novo Usuário': name, email, password and role (default LOJISTA). */
export function CreateUserModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const mutation = useCreateUser()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(adminCreateUserSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', email: '', password: '', role: 'LOJISTA' },
  })

  const close = () => {
    reset()
    onClose()
  }

  const submit = handleSubmit(async (input) => {
    try {
      await mutation.mutateAsync(input)
      toast.success('Usuário criado com sucesso!', LONG_TOAST)
      close()
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : undefined
      for (const field of FIELDS) {
        const message = apiErr?.errors?.[field]
        if (message) setError(field, { message })
      }
      const detail = apiErr && apiErr.status > 0 && apiErr.status < 500 ? apiErr.message : undefined
      toast.error(detail ? `Erro ao criar usuário: ${detail}` : 'Erro ao criar usuário', LONG_TOAST)
    }
  })

  const bind = fieldBinder(register, errors)
  const field = (name: (typeof FIELDS)[number]) => bind(name, { onChange: () => clearErrors(name) })
  return (
    <Modal
      open={open}
      onClose={close}
      title="Novo Usuário"
      locked={isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" form="create-user-form" loading={isSubmitting} loadingText="Criando...">
            Criar Usuário
          </Button>
        </>
      }
    >
      <form id="create-user-form" className="stack" onSubmit={submit} noValidate>
        <Input label="Nome" autoFocus {...field('name')} />
        <Input label="Email" type="email" {...field('email')} />
        <Input label="Senha" type="password" autoComplete="new-password" {...field('password')} />
        <Select
          label="Tipo de Usuário"
          {...field('role')}
          options={ROLE_OPTIONS.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        />
      </form>
    </Modal>
  )
}
