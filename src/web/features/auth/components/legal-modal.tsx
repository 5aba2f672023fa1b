import { Button, Modal } from '../../../ui'

const TEXTS = {
  terms: {
    title: 'Termos de Uso',
    body: [
      'Ao criar uma conta você concorda em usar a plataforma para vender produtos lícitos, manter seus dados de contato atualizados e responder pelos pedidos das suas lojas.',
      'Os pagamentos são processados pelo provedor configurado em cada loja; taxas e prazos seguem o contrato com esse provedor.',
      'Podemos suspender contas que violem estes termos ou a legislação brasileira.',
    ],
  },
  privacy: {
    title: 'Política de Privacidade',
    body: [
      'Guardamos seu nome, e-mail e os dados das suas lojas para operar a plataforma.',
      'Dados de compradores são usados apenas para processar e entregar os pedidos, conforme a LGPD.',
      'Você pode pedir a exclusão da sua conta a qualquer momento ao administrador da plataforma.',
    ],
  },
} as const

export type LegalDoc = keyof typeof TEXTS

export function LegalModal({ doc, onClose }: { doc: LegalDoc | null; onClose(): void }) {
  const text = doc ? TEXTS[doc] : null
  return (
    <Modal open={!!text} onClose={onClose} title={text?.title ?? ''} footer={<Button onClick={onClose}>Fechar</Button>}>
      <div className="stack">
        {text?.body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </Modal>
  )
}
