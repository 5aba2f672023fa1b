import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { type ProfileInput, profileSchema } from '../../../../shared/identity'
import { ApiError } from '../../../lib/api'
import { fieldBinder } from '../../../lib/form-field'
import { useSession } from '../../../lib/session-context'
import { LONG_TOAST, toast } from '../../../lib/toast'
import { Alert, Button, Input, Loading } from '../../../ui'
import { useProfile } from '../api/get-profile'
import { useUpdateProfile } from '../api/update-profile'

/** 'Informações de Perfil': the name can change, the email cannot. */
export function ProfileForm() {
  const profile = useProfile()
  const update = useUpdateProfile()
  const { updateUser } = useSession()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput>({ resolver: zodResolver(profileSchema), reValidateMode: 'onSubmit' })
  const field = fieldBinder(register, errors)

  useEffect(() => {
    if (profile.data) reset({ name: profile.data.name })
  }, [profile.data, reset])

  if (profile.isPending) return <Loading message="Carregando perfil..." />
  if (profile.isError)
    return <Alert tone="danger">Não foi possível carregar seu perfil. Tente novamente mais tarde.</Alert>

  const submit = handleSubmit(async (input) => {
    try {
      const user = await update.mutateAsync(input)
      updateUser({ name: user.name, email: user.email })
      reset({ name: user.name })
      toast.success('Perfil atualizado com sucesso!', LONG_TOAST)
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Erro ao atualizar perfil'
      if (err instanceof ApiError && err.errors?.name) setError('name', { message: err.errors.name })
      toast.error(message || 'Erro ao atualizar perfil', LONG_TOAST)
    }
  })

  return (
    <form className="stack form-narrow" onSubmit={submit} noValidate>
      <Input label="Nome" {...field('name', { onChange: () => clearErrors('name') })} />
      <Input label="Email" value={profile.data.email} readOnly disabled hint="O email não pode ser alterado." />
      <div className="form-actions form-actions-start">
        <Button type="submit" loading={isSubmitting} loadingText="Salvando..." disabled={!isDirty}>
          Salvar Alterações
        </Button>
      </div>
    </form>
  )
}
