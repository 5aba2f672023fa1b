import { type ChangeEvent, useId } from 'react'
import { CUSTOMIZATION_MESSAGES } from '../../../../../shared/checkout'
import { ApiError } from '../../../../lib/api'
import { toast } from '../../../../lib/toast'
import { Button, Field } from '../../../../ui'
import { type ImagePurpose, useUploadImage } from '../api/upload-image'

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']

export interface ImageUploadFieldProps {
  label: string
  purpose: ImagePurpose
  maxBytes: number
  tooBigMessage: string
  value: string | null | undefined
  onChange(url: string | null): void
  error?: string
  hint?: string
}

/** Choose an image, check it here (type, size: spec 001 §5), upload it, keep its URL; or paste a URL. */
export function ImageUploadField({
  label,
  purpose,
  maxBytes,
  tooBigMessage,
  value,
  onChange,
  error,
  hint,
}: ImageUploadFieldProps) {
  const upload = useUploadImage()
  const inputId = useId()
  const urlId = useId()

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    if (!IMAGE_TYPES.includes(file.type)) return void toast.error(CUSTOMIZATION_MESSAGES.notImage)
    if (file.size > maxBytes) return void toast.error(tooBigMessage)
    try {
      const { url } = await upload.mutateAsync({ file, purpose })
      onChange(url)
      toast.success('Imagem enviada! Salve as configurações para aplicar.')
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0
      toast.error(status === 400 || status === 413 ? (err as ApiError).message : CUSTOMIZATION_MESSAGES.uploadError)
    }
  }

  return (
    <Field label={label} error={error} hint={hint} htmlFor={urlId}>
      <div className="image-upload">
        {value ? (
          <img className={`image-upload-preview image-upload-${purpose}`} src={value} alt={label} />
        ) : (
          <div className={`image-upload-preview image-upload-${purpose} image-upload-empty`}>Sem imagem</div>
        )}
        <div className="image-upload-actions">
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className="sr-only"
            onChange={(e) => void choose(e)}
            data-testid={`upload-${purpose}`}
          />
          <label htmlFor={inputId} className="btn btn-secondary btn-sm" aria-disabled={upload.isPending}>
            {upload.isPending ? 'Enviando...' : value ? 'Trocar imagem' : 'Enviar imagem'}
          </label>
          {value && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              Remover
            </Button>
          )}
        </div>
      </div>
      <input
        id={urlId}
        className="control image-upload-url"
        placeholder="ou cole a URL da imagem (https://...)"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
      />
    </Field>
  )
}
