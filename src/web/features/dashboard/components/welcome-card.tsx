import { Store } from 'lucide-react'
import { useState } from 'react'
import { Button, NoticeCard } from '../../../ui'
import { StoreForm, useSaveStore } from '../../stores'

/** A merchant without stores: the welcome card and the first-store form (spec 000 §2 Dashboard entry). */
export function WelcomeCard() {
  const [formOpen, setFormOpen] = useState(false)
  const save = useSaveStore()
  return (
    <NoticeCard className="welcome-card" iconClassName="welcome-icon" icon={<Store size={40} />} title="Bem-vindo!">
      <p className="muted">Você ainda não possui lojas. Crie sua primeira loja para começar a vender.</p>
      {formOpen ? (
        <div className="welcome-form">
          <StoreForm
            submitLabel="Criar Loja"
            submittingLabel="Criando..."
            onCancel={() => setFormOpen(false)}
            onSubmit={(values) => save(values)}
          />
        </div>
      ) : (
        <Button size="lg" onClick={() => setFormOpen(true)}>
          Criar Primeira Loja
        </Button>
      )}
    </NoticeCard>
  )
}
