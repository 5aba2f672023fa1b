import { useMutation } from '@tanstack/react-query'
import { api } from '../../../../lib/api'

export type ImagePurpose = 'logo' | 'banner'

/** POST /uploads?purpose=logo|banner (multipart field `file`): the server checks size and content again. */
export function uploadImage({ file, purpose }: { file: File; purpose: ImagePurpose }): Promise<{ url: string }> {
  const form = new FormData()
  form.append('file', file)
  return api.post<{ url: string }>('/uploads', form, { query: { purpose }, timeoutMs: 60_000 })
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage })
}
