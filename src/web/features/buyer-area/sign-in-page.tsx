import { useEffect, useRef } from 'react'
import { Navigate, useSearchParams } from 'react-router-dom'
import { usePageTitle } from '../../lib/page-title'
import { Alert, Loading } from '../../ui'
import { useRedeemLoginLink } from './api/buyer-area'
import { BuyerFrame } from './components/buyer-frame'
import { LoginLinkForm } from './components/login-link-form'
import './buyer-area.css'

/** /minha-conta/entrar?token=…: the e-mailed link, used once; a used, expired or forged one offers a new link. */
export default function BuyerSignInPage() {
  usePageTitle('Entrar')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const redeem = useRedeemLoginLink()
  const asked = useRef(false)

  useEffect(() => {
    // once: the link is single-use, and React may run an effect twice in development
    if (asked.current || !token) return
    asked.current = true
    redeem.mutate(token)
  }, [token, redeem])

  if (redeem.isSuccess) return <Navigate to="/minha-conta" replace />
  if (token && !redeem.isError) return <Loading message="Entrando..." />
  return (
    <BuyerFrame title="Link inválido" subtitle="Peça um novo link de acesso com o e-mail usado na compra.">
      <Alert tone="warning">
        {redeem.error?.message ?? 'Este link de acesso é inválido, já foi usado ou expirou. Peça um novo link.'}
      </Alert>
      <LoginLinkForm />
    </BuyerFrame>
  )
}
