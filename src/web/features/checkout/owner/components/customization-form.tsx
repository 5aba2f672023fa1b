import type { UseFormReturn } from 'react-hook-form'
import {
  BANNER_MAX_BYTES,
  BUTTON_RADIUS_MAX,
  BUTTON_RADIUS_MIN,
  CUSTOMIZATION_MESSAGES,
  type CustomizationInput,
  type CustomizationValues,
  FONT_FAMILIES,
  LOGO_MAX_BYTES,
} from '../../../../../shared/checkout'
import { fieldBinder } from '../../../../lib/form-field'
import { Card, Checkbox, Field, Input, Select, Textarea } from '../../../../ui'
import { ImageUploadField } from './image-upload-field'

type Form = UseFormReturn<CustomizationInput, unknown, CustomizationValues>

const COLORS = [
  { name: 'primaryColor', label: 'Cor principal', hint: 'Botões e destaques' },
  { name: 'secondaryColor', label: 'Cor secundária', hint: 'Botões ao passar o mouse' },
  { name: 'backgroundColor', label: 'Cor de fundo', hint: 'Fundo da página' },
  { name: 'accentColor', label: 'Cor de destaque', hint: 'Avisos e selos' },
] as const

/** The customisation fields, grouped as the owner thinks of them; the page owns the form and the save. */
export function CustomizationFields({ form }: { form: Form }) {
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form
  const field = fieldBinder(register, errors)
  const set = (name: keyof CustomizationInput, value: unknown) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: true })

  return (
    <div className="stack">
      <Card title="Cores">
        <div className="color-grid">
          {COLORS.map((c) => {
            const value = (watch(c.name) as string) ?? ''
            return (
              <Field
                key={c.name}
                label={c.label}
                hint={c.hint}
                error={errors[c.name]?.message}
                htmlFor={`color-${c.name}`}
              >
                <div className="color-field">
                  <input
                    type="color"
                    aria-label={`${c.label} (seletor)`}
                    value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
                    onChange={(e) => set(c.name, e.target.value.toUpperCase())}
                  />
                  <input id={`color-${c.name}`} className="control mono" maxLength={7} {...register(c.name)} />
                </div>
              </Field>
            )
          })}
        </div>
      </Card>

      <Card title="Tipografia e botões">
        <div className="form-grid-2">
          <Select label="Fonte" {...field('fontFamily')} options={FONT_FAMILIES} />
          <Field
            label={`Arredondamento dos botões: ${watch('buttonRadius') ?? 0}px`}
            error={errors.buttonRadius?.message}
            htmlFor="button-radius"
          >
            <input
              id="button-radius"
              type="range"
              min={BUTTON_RADIUS_MIN}
              max={BUTTON_RADIUS_MAX}
              step={1}
              className="range"
              {...register('buttonRadius', { valueAsNumber: true })}
            />
          </Field>
        </div>
      </Card>

      <Card title="Logo e banner">
        <div className="stack">
          <Checkbox label="Mostrar o logo da loja no checkout" {...register('showStoreLogo')} />
          <ImageUploadField
            label="Logo"
            purpose="logo"
            maxBytes={LOGO_MAX_BYTES}
            tooBigMessage={CUSTOMIZATION_MESSAGES.logoTooBig}
            hint="JPG, PNG ou GIF de até 2MB. Sem logo, o nome da loja é exibido."
            value={watch('customLogoUrl')}
            onChange={(url) => set('customLogoUrl', url)}
            error={errors.customLogoUrl?.message}
          />
          <ImageUploadField
            label="Banner"
            purpose="banner"
            maxBytes={BANNER_MAX_BYTES}
            tooBigMessage={CUSTOMIZATION_MESSAGES.bannerTooBig}
            hint="Até 5MB. Tamanho recomendado: 375x192 (celular) e 1200x256 (computador)."
            value={watch('customBannerUrl')}
            onChange={(url) => set('customBannerUrl', url)}
            error={errors.customBannerUrl?.message}
          />
        </div>
      </Card>

      <Card title="Textos">
        <div className="stack">
          <Input
            label="Título do checkout"
            placeholder="Finalizar Compra"
            hint="No checkout digital, o título padrão é 'Finalizar Compra Digital'."
            {...field('checkoutTitle')}
          />
          <Input label="Título de agradecimento" placeholder="Pedido Confirmado!" {...field('thankYouTitle')} />
          <Textarea label="Mensagem de agradecimento" rows={3} {...field('thankYouMessage')} />
        </div>
      </Card>

      <Card title="HTML e CSS personalizados">
        <div className="stack">
          <p className="muted small">
            Por segurança, o HTML e o CSS passam por uma limpeza antes de chegar ao comprador: scripts, eventos
            (onclick, onerror...), iframes, formulários e links javascript: são removidos, e o CSS vale apenas dentro do
            checkout (classe <code>.checkout-custom</code>). Imagens de fundo no CSS precisam ser enviadas para a loja
            (/uploads/...). A pré-visualização mostra o resultado já limpo.
          </p>
          <Textarea
            label="HTML do cabeçalho"
            rows={4}
            className="mono"
            placeholder="<p><strong>Frete grátis</strong> acima de R$ 199!</p>"
            {...field('customHeaderHtml')}
          />
          <Textarea
            label="HTML do rodapé"
            rows={4}
            className="mono"
            placeholder="<p>CNPJ 00.000.000/0001-00 · contato@minhaloja.com.br</p>"
            {...field('customFooterHtml')}
          />
          <Textarea
            label="CSS personalizado"
            rows={6}
            className="mono"
            placeholder=".ck-title { letter-spacing: 0.02em; }"
            {...field('customCss')}
          />
        </div>
      </Card>
    </div>
  )
}
