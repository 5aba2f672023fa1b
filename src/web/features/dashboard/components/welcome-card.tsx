import { Store } from 'lucide-react'
import { useState } from 'react'
import { Button, Card } from '../../../ui'
import { StoreForm, useSaveStore } from '../../stores'

/** A merchant without stores: the welcome card and the first-store form (spec 000 §2 Dashboard entry). */
export function WelcomeCard() {
  const [formOpen, setFormOpen] = useState(false)
  const save = useSaveStore()
  return (
    <div className="center-page">
      <Card className="welcome-card">
        <div className="welcome-icon" aria-hidden>
          <Store size={40} />
        </div>
        <h1>Bem-vindo!</h1>
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
      </Card>
    </div>
  )
}
