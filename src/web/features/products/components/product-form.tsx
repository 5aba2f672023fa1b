import { zodResolver } from '@hookform/resolvers/zod'
import { type ChangeEvent, lazy, Suspense, useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  detectImageType,
  IMAGE_TYPES,
  imageFileError,
  MSG,
  type Product,
  type ProductInput,
  type ProductValues,
  productImageSrc,
  productInputSchema,
} from '../../../../shared/catalog'
import { ApiError } from '../../../lib/api'
import { fieldBinder } from '../../../lib/form-field'
import { Button, Field, Input, Select, Textarea } from '../../../ui'
import { loadPlansEditor } from '../../subscriptions'
import { ProductFiles } from './product-files'

// subscriptions: the plans editor is its own chunk, loaded only when a digital product's form opens.
const PlansEditor = lazy(loadPlansEditor)

export interface ProductFormProps {
  product?: Product
  /** The store of the product: its deliverables are uploaded under it. */
  storeId?: string
  /** Rejects with the ApiError so its field errors land under the fields. */
  onSubmit(values: ProductValues, image: File | undefined): Promise<unknown>
  onCancel(): void
}

const FIELDS = [
  'name',
  'description',
  'price',
  'type',
  'stock',
  'imageUrl',
  'digitalFileUrl',
  'weightGrams',
  'heightCm',
  'widthCm',
  'lengthCm',
] as const

/** Weight and size for real freight quotes (Melhor Envio): whole grams and centimetres. */
const LOGISTICS: { name: 'weightGrams' | 'heightCm' | 'widthCm' | 'lengthCm'; label: string; max: number }[] = [
  { name: 'weightGrams', label: 'Peso (g)', max: 30_000 },
  { name: 'heightCm', label: 'Altura (cm)', max: 100 },
  { name: 'widthCm', label: 'Largura (cm)', max: 100 },
  { name: 'lengthCm', label: 'Comprimento (cm)', max: 100 },
]
type FieldName = (typeof FIELDS)[number]

/** '1249,90': the decimal comma a merchant types, without grouping (the schema reads '12,50' and '12.50'). */
const priceInput = new Intl.NumberFormat('pt-BR', {
  useGrouping: false,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** '1.234,56' → '1234,56': with a comma, dots are thousands separators the schema must not see as decimals. */
function withoutGrouping(v: unknown) {
  return typeof v === 'string' && v.includes(',') ? v.replace(/\./g, '') : v
}

function initialValues(p?: Product): ProductInput {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    price: p ? priceInput.format(p.price) : '',
    type: p?.type ?? 'PHYSICAL',
    stock: p?.stock ?? '',
    imageUrl: p?.imageUrl ?? '',
    digitalFileUrl: p?.digitalFileUrl ?? '',
    weightGrams: p?.weightGrams ?? '',
    heightCm: p?.heightCm ?? '',
    widthCm: p?.widthCm ?? '',
    lengthCm: p?.lengthCm ?? '',
  }
}

/** A file's own bytes must say it is an image, as the server will check again. */
async function checkImageFile(file: File): Promise<string | undefined> {
  const declared = imageFileError(file)
  if (declared) return declared
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  return detectImageType(head) ? undefined : MSG.imageType
}

/** The product form (§4, §5): type switching, image choice with preview and removal, the shared zod rules. */
export function ProductForm({ product, storeId, onSubmit, onCancel }: ProductFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductInput, unknown, ProductValues>({
    resolver: zodResolver(productInputSchema),
    defaultValues: initialValues(product),
  })
  const field = fieldBinder(register, errors)
  const type = watch('type')
  const imageUrl = watch('imageUrl') as string | undefined
  const [file, setFile] = useState<File | undefined>()
  const [filePreview, setFilePreview] = useState<string | undefined>()
  const [imageError, setImageError] = useState<string | undefined>()
  const fileInputId = useId()

  useEffect(() => {
    if (!file) return setFilePreview(undefined)
    const url = URL.createObjectURL(file)
    setFilePreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const preview = filePreview ?? productImageSrc(imageUrl)

  async function chooseFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0]
    e.target.value = ''
    if (!chosen) return
    const problem = await checkImageFile(chosen)
    setImageError(problem)
    if (!problem) setFile(chosen)
  }

  function removeImage() {
    setFile(undefined)
    setImageError(undefined)
    setValue('imageUrl', '', { shouldDirty: true })
  }

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values, file)
    } catch (err) {
      if (!(err instanceof ApiError) || !err.errors) return
      for (const [field, message] of Object.entries(err.errors)) {
        if ((FIELDS as readonly string[]).includes(field)) setError(field as FieldName, { message })
        else if (field === 'file' || field === 'image') setImageError(message)
      }
    }
  })

  return (
    <form className="stack product-form" onSubmit={submit} noValidate>
      <Input label="Nome *" placeholder="Ex.: Camiseta Básica" autoFocus {...field('name')} />
      <Textarea label="Descrição" placeholder="Detalhes do produto (opcional)" rows={3} {...field('description')} />
      <div className="product-form-grid">
        <Input
          label="Preço (R$) *"
          inputMode="decimal"
          placeholder="0,00"
          {...field('price', { setValueAs: withoutGrouping })}
        />
        <Select label="Tipo *" {...field('type')}>
          <option value="PHYSICAL">Físico</option>
          <option value="DIGITAL">Digital</option>
        </Select>
      </div>
      {type === 'DIGITAL' ? (
        <>
          {product && storeId ? (
            <>
              <ProductFiles storeId={storeId} productId={product.id} />
              {/* subscriptions: the product's plans (monthly, quarterly, yearly), their own chunk */}
              <Suspense fallback={null}>
                <PlansEditor storeId={storeId} productId={product.id} />
              </Suspense>
            </>
          ) : (
            <span className="field-hint">
              Salve o produto para enviar os arquivos que o comprador vai baixar e criar planos de assinatura.
            </span>
          )}
          <Input
            key="digitalFileUrl"
            label="URL do arquivo digital"
            type="url"
            placeholder="https://..."
            hint="Opcional: um link externo que o comprador também recebe após o pagamento."
            {...field('digitalFileUrl')}
          />
        </>
      ) : (
        <>
          <Input
            key="stock"
            label="Estoque *"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="0"
            {...field('stock')}
          />
          <fieldset className="product-form-grid product-logistics">
            <legend className="small muted">
              Peso e dimensões da embalagem (para o frete calculado pelo Melhor Envio)
            </legend>
            {LOGISTICS.map((l) => (
              <Input
                key={l.name}
                label={l.label}
                type="number"
                inputMode="numeric"
                min={1}
                max={l.max}
                step={1}
                {...field(l.name)}
              />
            ))}
          </fieldset>
        </>
      )}

      <Field label="Imagem do produto" error={imageError ?? errors.imageUrl?.message} htmlFor={fileInputId}>
        <div className="product-image-picker">
          {preview ? (
            <div className="product-image-preview">
              <img src={preview} alt="Pré-visualização da imagem" />
              <Button size="sm" variant="secondary" onClick={removeImage}>
                Remover imagem
              </Button>
            </div>
          ) : (
            <div className="product-image-empty muted">Nenhuma imagem selecionada</div>
          )}
          <div className="stack">
            <label className="btn btn-secondary btn-sm product-file-button" htmlFor={fileInputId}>
              {preview ? 'Trocar imagem' : 'Escolher imagem'}
            </label>
            <input
              id={fileInputId}
              className="sr-only"
              type="file"
              accept={IMAGE_TYPES.join(',')}
              onChange={(e) => void chooseFile(e)}
              data-testid="product-image-input"
            />
            <span className="field-hint">JPG, PNG, GIF ou WEBP, até 5MB.</span>
            {!file && (
              <input
                className="control"
                placeholder="ou cole a URL da imagem (https://...)"
                aria-label="URL da imagem"
                {...register('imageUrl')}
              />
            )}
          </div>
        </div>
      </Field>

      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" loading={isSubmitting} loadingText="Salvando...">
          {product ? 'Salvar Alterações' : 'Criar Produto'}
        </Button>
      </div>
    </form>
  )
}
