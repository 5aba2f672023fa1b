import type { UseFormRegisterReturn } from 'react-hook-form'
import { Card, Field, SecretInput } from '../../../ui'

export interface ApiKeyCardProps {
  field: UseFormRegisterReturn<'ativoPayApiKey'>
  error?: string
  /** The stored key as the server shows it ('sk_s••••••••1234'), or '' when none. */
  maskedKey: string
  sandbox: boolean
}

/** The gateway key: typed once, then only ever shown masked (the server never returns it in full). */
export function ApiKeyCard({ field, error, maskedKey, sandbox }: ApiKeyCardProps) {
  return (
    <Card title="Chave da API" className="payment-card payment-card-wide">
      <p className="muted">
        Cole a chave secreta (secret key) da sua conta Ativo Pay. Ela fica criptografada no servidor e nunca é enviada
        ao navegador do comprador.
      </p>
      <Field label="API Key do Ativo Pay" htmlFor="ativoPayApiKey" error={error}>
        <SecretInput id="ativoPayApiKey" placeholder="sk_live_..." error={error} {...field} />
      </Field>
      {maskedKey ? (
        <p className="muted">
          Chave salva: <code data-testid="saved-key">{maskedKey}</code>. Para trocar, apague o campo e cole a nova
          chave.
        </p>
      ) : (
        <p className="muted">Nenhuma chave salva para esta loja.</p>
      )}
      {sandbox && (
        <p className="payment-sandbox-hint">
          Ambiente de testes: use uma chave iniciada por <code>sk_sandbox_</code>. Cartões de teste: 4111 1111 1111 1111
          (aprovado) e 4000 0000 0000 0002 (recusado).
        </p>
      )}
    </Card>
  )
}
