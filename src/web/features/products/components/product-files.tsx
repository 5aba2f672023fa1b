import { useQueryClient } from '@tanstack/react-query'
import { type ChangeEvent, useId, useState } from 'react'
import { DELIVERABLE_ACCEPT, formatBytes, STAMP_MAX_MB } from '../../../../shared/deliverables'
import { ApiError } from '../../../lib/api'
import { Alert, Button, Field, Spinner, Switch } from '../../../ui'
import {
  productFilesQuery,
  uploadProductFile,
  useDeleteProductFile,
  useDeliverableSettings,
  useProductFiles,
  useReorderProductFiles,
  useSaveDeliverableSettings,
} from '../api/product-files'

/**
 * The digital product's deliverables: files the buyer downloads from their area after paying (never a public link).
 * Each upload, move, removal and the stamping switch goes straight to the server; the buyer sees the files in this order.
 */
export function ProductFiles({ storeId, productId }: { storeId: string; productId: string }) {
  const files = useProductFiles(storeId, productId)
  const remove = useDeleteProductFile(storeId, productId)
  const reorder = useReorderProductFiles(storeId, productId)
  const settings = useDeliverableSettings(storeId, productId)
  const saveSettings = useSaveDeliverableSettings(storeId, productId)
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<number | undefined>()
  const [error, setError] = useState<string | undefined>()
  const inputId = useId()

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setError(undefined)
    setProgress(0)
    try {
      await uploadProductFile(storeId, productId, file, setProgress)
      await queryClient.invalidateQueries({ queryKey: productFilesQuery(storeId, productId).queryKey })
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível enviar o arquivo.')
    } finally {
      setProgress(undefined)
    }
  }

  function move(index: number, by: -1 | 1) {
    const ids = (files.data ?? []).map((f) => f.id)
    const to = index + by
    if (to < 0 || to >= ids.length) return
    ;[ids[index], ids[to]] = [ids[to], ids[index]]
    reorder.mutate(ids)
  }

  const failure = reorder.error ?? saveSettings.error
  return (
    <Field label="Arquivos do produto" htmlFor={inputId} error={error}>
      <div className="stack product-files" data-testid="product-files">
        {files.isLoading && <Spinner />}
        {files.isError && <Alert tone="danger">Não foi possível carregar os arquivos.</Alert>}
        {files.data?.length === 0 && <span className="muted">Nenhum arquivo enviado ainda.</span>}
        {files.data && files.data.length > 0 && (
          <ul className="product-files-list">
            {files.data.map((f, i) => (
              <li key={f.id}>
                <span className="product-files-name">{f.name}</span>
                <span className="muted">{formatBytes(f.size)}</span>
                <span className="product-files-move">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => move(i, -1)}
                    disabled={i === 0 || reorder.isPending}
                    aria-label={`Subir ${f.name}`}
                  >
                    ▲
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => move(i, 1)}
                    disabled={i === files.data.length - 1 || reorder.isPending}
                    aria-label={`Descer ${f.name}`}
                  >
                    ▼
                  </Button>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => remove.mutate(f.id)}
                  disabled={remove.isPending}
                  aria-label={`Remover ${f.name}`}
                >
                  Remover
                </Button>
              </li>
            ))}
          </ul>
        )}
        {progress !== undefined ? (
          <div className="product-files-progress">
            <progress max={1} value={progress} aria-label="Progresso do envio" />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        ) : (
          <label className="btn btn-secondary btn-sm product-file-button" htmlFor={inputId}>
            Enviar arquivo
          </label>
        )}
        <input
          id={inputId}
          className="sr-only"
          type="file"
          accept={DELIVERABLE_ACCEPT}
          onChange={(e) => void choose(e)}
          data-testid="product-file-input"
        />
        <span className="field-hint">
          PDF, EPUB, ZIP, MP3 ou MP4. O comprador baixa na área dele depois do pagamento.
        </span>
        {failure && (
          <Alert tone="danger">{failure instanceof ApiError ? failure.message : 'Não foi possível salvar.'}</Alert>
        )}
        <Switch
          label="Carimbar PDFs com nome e e-mail do comprador"
          checked={settings.data?.stampPdfs ?? false}
          disabled={!settings.data || saveSettings.isPending}
          onChange={(e) => saveSettings.mutate({ stampPdfs: e.target.checked })}
          data-testid="stamp-pdfs"
        />
        <span className="field-hint">
          Cada página do PDF baixado leva no rodapé “Licenciado para nome · e-mail · pedido”. PDFs acima de{' '}
          {STAMP_MAX_MB} MB são entregues sem carimbo.
        </span>
      </div>
    </Field>
  )
}
