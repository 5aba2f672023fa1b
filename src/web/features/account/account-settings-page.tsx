import { useState } from 'react'
import { Card, cx, PageHeader } from '../../ui'
import { PasswordForm } from './components/password-form'
import { ProfileForm } from './components/profile-form'

const TABS = [
  { id: 'profile', label: 'Informações de Perfil' },
  { id: 'password', label: 'Alterar Senha' },
] as const

/** /account-settings (spec 002 §2.8, §5). */
export default function AccountSettingsPage() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('profile')
  return (
    <div className="stack">
      <PageHeader title="Configurações da Conta" subtitle="Gerencie seu perfil e sua senha" />
      <Card>
        <div className="tabs" role="tablist">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              className={cx('tab', tab === t.id && 'tab-active')}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="tab-panel" role="tabpanel">
          {tab === 'profile' ? <ProfileForm /> : <PasswordForm />}
        </div>
      </Card>
    </div>
  )
}
