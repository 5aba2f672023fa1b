import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type UseFormRegister,
} from 'react-hook-form'

/**
 * Binds the kit's controls (Input, Select, Textarea) to a react-hook-form form: `field(name)` is what `register` gives
 * plus the field's message to show under it, so `<Input label="E-mail" {...field('email')} />` is the whole field.
 */
export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    ...register(name, options),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
  })
}
