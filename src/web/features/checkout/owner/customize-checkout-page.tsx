import { zodResolver } from '@hookform/resolvers/zod'
import { Search, TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate, useParams } from 'react-router-dom'
import {
  CUSTOMIZATION_DEFAULTS,
  CUSTOMIZATION_MESSAGES,
  type Customization,
  type CustomizationInput,
  type CustomizationValues,
  customizationInputSchema,
} from '../../../../shared/checkout'
import { ApiError } from '../../../lib/api'
import { useSession } from '../../../lib/session-context'
import { toast } from '../../../lib/toast'
import { AccessDeniedCard, Alert, Button, Card, EmptyState, Loading } from '../../../ui'
import { useCustomization, useSaveCustomization, useStore } from './api/customization'
import { CheckoutPreview } from './components/checkout-preview'
import { CustomizationFields } from './components/customization-form'
import './owner.css'

const FIELDS = Object.keys(CUSTOMIZATION_DEFAULTS) as (keyof CustomizationInput)[]

function formValues(c: Customization | typeof CUSTOMIZATION_DEFAULTS): CustomizationInput {
  return {
    primaryColor: c.primaryColor,
    secondaryColor: c.secondaryColor,
    backgroundColor: c.backgroundColor,
    accentColor: c.accentColor,
    fontFamily: c.fontFamily as CustomizationInput['fontFamily'],
    buttonRadius: c.buttonRadius,
    showStoreLogo: c.showStoreLogo,
    customLogoUrl: c.customLogoUrl ?? '',
    customBannerUrl: c.customBannerUrl ?? '',
    customHeaderHtml: c.customHeaderHtml ?? '',
    customFooterHtml: c.customFooterHtml ?? '',
    customCss: c.customCss ?? '',
    checkoutTitle: c.checkoutTitle,
    thankYouTitle: c.thankYouTitle,
    thankYouMessage: c.thankYouMessage,
  }
}

/** 'Customização do Checkout' (spec 001 §2): the store owner's look for the buyer checkout, with a live preview. */
export default function CustomizeCheckoutPage() {
  const { storeId = '' } = useParams()
  const navigate = useNavigate()
  const { user } = useSession()
  const store = useStore(storeId)
  const isOwner = Boolean(store.data && user && store.data.userId === user.id)
  const customization = useCustomization(storeId, isOwner)
  const save = useSaveCustomization()
  const form = useForm<CustomizationInput, unknown, CustomizationValues>({
    resolver: zodResolver(customizationInputSchema),
    defaultValues: formValues(CUSTOMIZATION_DEFAULTS),
  })
  const { reset, handleSubmit, setError, watch } = form

  useEffect(() => {
    if (customization.data) reset(formValues(customization.data))
  }, [customization.data, reset])

  useEffect(() => {
    if (customization.isError) toast.error(CUSTOMIZATION_MESSAGES.loadError)
  }, [customization.isError])

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate('/dashboard')
  }
  const backButton = (
    <Button variant="ghost" onClick={goBack}>
      ← Voltar
    </Button>
  )

  if (store.isPending) return <Loading message="Carregando informações da loja..." />
  if (store.isError) {
    const notFound = store.error instanceof ApiError && store.error.status === 404
    return (
      <Card>
        <EmptyState
          icon={notFound ? <Search /> : <TriangleAlert />}
          title={notFound ? 'Loja não encontrada' : CUSTOMIZATION_MESSAGES.storeLoadError}
          description={notFound ? 'A loja que você tentou abrir não existe ou foi removida.' : undefined}
          action={
            <div className="row center">
              {!notFound && (
                <Button variant="secondary" onClick={() => void store.refetch()}>
                  Tentar novamente
                </Button>
              )}
              {backButton}
            </div>
          }
        />
      </Card>
    )
  }
  if (!isOwner) {
    return (
      <AccessDeniedCard actions={backButton}>
        <p>{CUSTOMIZATION_MESSAGES.accessDenied}</p>
      </AccessDeniedCard>
    )
  }

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ storeId, values })
      toast.success(CUSTOMIZATION_MESSAGES.saved)
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const [field, message] of Object.entries(err.errors))
          if ((FIELDS as string[]).includes(field)) setError(field as keyof CustomizationInput, { message })
      }
      toast.error(err instanceof ApiError && err.status === 400 ? err.message : CUSTOMIZATION_MESSAGES.saveError)
    }
  })

  return (
    <form className="stack customize-page" onSubmit={submit} noValidate>
      <div className="customize-head">
        {backButton}
        <div>
          <h1 className="page-title">Customização do Checkout</h1>
          <p className="page-subtitle">
            Personalize cores, fontes, logo, banner e textos do checkout de {store.data.name}. As mudanças aparecem na
            pré-visualização ao lado e valem para os compradores depois de salvas.
          </p>
        </div>
      </div>
      {customization.isError && (
        <Alert tone="danger">
          <div className="row">
            <span>{CUSTOMIZATION_MESSAGES.loadError}</span>
            <Button variant="secondary" size="sm" onClick={() => void customization.refetch()}>
              Tentar novamente
            </Button>
          </div>
        </Alert>
      )}
      {customization.isPending ? (
        <Loading message="Carregando configurações do checkout..." />
      ) : (
        <div className="customize-layout">
          <div className="customize-form">
            <CustomizationFields form={form} />
            <div className="form-actions customize-actions">
              <Button
                variant="secondary"
                onClick={() => reset(formValues(CUSTOMIZATION_DEFAULTS), { keepDefaultValues: true })}
                disabled={save.isPending}
              >
                Restaurar padrões
              </Button>
              <Button type="submit" loading={save.isPending} loadingText="Salvando...">
                Salvar Configurações
              </Button>
            </div>
          </div>
          <aside className="customize-preview">
            <CheckoutPreview storeId={storeId} storeName={store.data.name} values={watch()} />
          </aside>
        </div>
      )}
    </form>
  )
}
