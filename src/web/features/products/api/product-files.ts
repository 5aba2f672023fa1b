import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DeliverableSettings, ProductFile } from '../../../../shared/deliverables'
import { ApiError, api, DEFAULT_ERROR_MESSAGE, TOKEN_KEY } from '../../../lib/api'

const filesPath = (storeId: string, productId: string) => `/stores/${storeId}/products/${productId}/files`

export const productFilesQuery = (storeId: string, productId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'products', productId, 'files'],
    queryFn: () => api.get<ProductFile[]>(filesPath(storeId, productId)),
  })

export function useProductFiles(storeId: string, productId: string) {
  return useQuery(productFilesQuery(storeId, productId))
}

/**
 * Sends one file with upload progress (fetch has none), without a timeout: a 500 MB video takes minutes. The
 * server's errors arrive as ApiError like every other call.
 */
export function uploadProductFile(
  storeId: string,
  productId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ProductFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api${filesPath(storeId, productId)}`)
    const token = localStorage.getItem(TOKEN_KEY)
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total)
    xhr.onerror = () => reject(new ApiError('Não foi possível conectar ao servidor.', 0))
    xhr.onload = () => {
      let body: { message?: string } | ProductFile | undefined
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status === 201) return resolve(body as ProductFile)
      reject(new ApiError((body as { message?: string })?.message || DEFAULT_ERROR_MESSAGE, xhr.status, body))
    }
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}

export function useDeleteProductFile(storeId: string, productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fileId: string) => api.delete<void>(`${filesPath(storeId, productId)}/${fileId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productFilesQuery(storeId, productId).queryKey }),
  })
}

/** Saves the files' new order; the list shows it at once and rolls back if the server refuses. */
export function useReorderProductFiles(storeId: string, productId: string) {
  const queryClient = useQueryClient()
  const key = productFilesQuery(storeId, productId).queryKey
  return useMutation({
    mutationFn: (ids: string[]) => api.patch<ProductFile[]>(`${filesPath(storeId, productId)}/order`, { ids }),
    onMutate: async (ids: string[]) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<ProductFile[]>(key)
      if (before) {
        const byId = new Map(before.map((f) => [f.id, f]))
        queryClient.setQueryData(
          key,
          ids.flatMap((id) => byId.get(id) ?? []),
        )
      }
      return { before }
    },
    onError: (_err, _ids, ctx) => ctx?.before && queryClient.setQueryData(key, ctx.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

export const deliverableSettingsQuery = (storeId: string, productId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'products', productId, 'files', 'settings'],
    queryFn: () => api.get<DeliverableSettings>(`${filesPath(storeId, productId)}/settings`),
  })

export function useDeliverableSettings(storeId: string, productId: string) {
  return useQuery(deliverableSettingsQuery(storeId, productId))
}

export function useSaveDeliverableSettings(storeId: string, productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DeliverableSettings) =>
      api.put<DeliverableSettings>(`${filesPath(storeId, productId)}/settings`, body),
    onSuccess: (saved) => queryClient.setQueryData(deliverableSettingsQuery(storeId, productId).queryKey, saved),
  })
}
