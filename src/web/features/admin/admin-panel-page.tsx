import { Crown, UserCheck, Users } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { ROLE_LABELS, ROLES, type Role, type User } from '../../../shared/identity'
import { ApiError } from '../../lib/api'
import { useCurrentUser } from '../../lib/session-context'
import { LONG_TOAST, toast } from '../../lib/toast'
import { Button, ConfirmDialog, Input, PageHeader, Select, StatCard } from '../../ui'
import { useDeleteUser } from './api/delete-user'
import { useUsers } from './api/get-users'
import { CreateUserModal } from './components/create-user-modal'
import { PlatformFeeSection } from './components/platform-fee-section'
import { UserDetailsModal } from './components/user-details-modal'
import { UsersTable } from './components/users-table'

/** /admin/panel: user management (spec 000 §2 Admin panel). */
export default function AdminPanelPage() {
  const me = useCurrentUser()
  const { data: users = [], isPending, isError } = useUsers()
  const remove = useDeleteUser()
  const [search, setSearch] = useState('')
  const [role, setRole] = useState<Role | ''>('')
  const [creating, setCreating] = useState(false)
  const [detailsId, setDetailsId] = useState<string | null>(null)
  const [toDelete, setToDelete] = useState<User | null>(null)
  const closeDetails = useCallback(() => setDetailsId(null), [])

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar usuários', LONG_TOAST)
  }, [isError])

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase()
    return users.filter(
      (u) =>
        (!role || u.role === role) && (!q || u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)),
    )
  }, [users, search, role])

  const confirmDelete = async () => {
    if (!toDelete) return
    try {
      await remove.mutateAsync(toDelete.id)
      toast.success('Usuário excluído com sucesso!', LONG_TOAST)
    } catch (err) {
      const detail = err instanceof ApiError && err.status > 0 && err.status < 500 ? `: ${err.message}` : ''
      toast.error(`Erro ao excluir usuário${detail}`, LONG_TOAST)
    } finally {
      setToDelete(null)
    }
  }

  return (
    <div className="stack">
      <PageHeader
        title="Painel Administrativo"
        subtitle="Gerencie os usuários da plataforma"
        actions={<Button onClick={() => setCreating(true)}>+ Criar Usuário</Button>}
      />
      <div className="grid grid-3">
        <StatCard label="Total de Usuários" icon={<Users />} value={filtered.length} />
        <StatCard
          label="Usuários Ativos"
          icon={<UserCheck />}
          value={users.filter((u) => u.status === 'ACTIVE').length}
        />
        <StatCard label="Administradores" icon={<Crown />} value={users.filter((u) => u.role === 'ADMIN').length} />
      </div>
      <div className="filters">
        <Input
          type="search"
          placeholder="Buscar usuários..."
          aria-label="Buscar usuários"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          fieldClassName="filters-grow"
        />
        <Select
          aria-label="Filtrar por função"
          value={role}
          onChange={(e) => setRole(e.target.value as Role | '')}
          options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        >
          <option value="">Todas as Funções</option>
        </Select>
      </div>
      <UsersTable
        users={filtered}
        loading={isPending}
        currentUserId={me.id}
        onView={setDetailsId}
        onDelete={setToDelete}
      />
      <PlatformFeeSection />
      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
      <UserDetailsModal userId={detailsId} onClose={closeDetails} />
      <ConfirmDialog
        open={!!toDelete}
        title="Excluir usuário"
        message="Tem certeza que deseja excluir este usuário?"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  )
}
