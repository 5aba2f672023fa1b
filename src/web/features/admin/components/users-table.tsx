import { formatDate } from '../../../../shared/dates'
import type { User } from '../../../../shared/identity'
import { Button, Table, TableMessage, Td, Th } from '../../../ui'
import { RoleBadge, UserStatusBadge } from './labels'

export interface UsersTableProps {
  users: User[]
  loading: boolean
  currentUserId: string
  onView(id: string): void
  onDelete(user: User): void
}

export function UsersTable({ users, loading, currentUserId, onView, onDelete }: UsersTableProps) {
  return (
    <Table>
      <thead>
        <tr>
          <Th>Usuário</Th>
          <Th>Função</Th>
          <Th>Status</Th>
          <Th>Criado em</Th>
          <Th className="th-actions">Ações</Th>
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <TableMessage colSpan={5}>Carregando usuários...</TableMessage>
        ) : users.length === 0 ? (
          <TableMessage colSpan={5}>Nenhum usuário encontrado</TableMessage>
        ) : (
          users.map((u) => (
            <tr key={u.id}>
              <Td>
                <div className="user-cell">
                  <span className="avatar" aria-hidden>
                    {(u.name || u.email).trim()[0]?.toUpperCase()}
                  </span>
                  <div className="user-cell-text">
                    <strong className="truncate">{u.name}</strong>
                    <span className="muted truncate">{u.email}</span>
                  </div>
                </div>
              </Td>
              <Td>
                <RoleBadge role={u.role} />
              </Td>
              <Td>
                <UserStatusBadge status={u.status} />
              </Td>
              <Td>{formatDate(u.createdAt)}</Td>
              <Td className="td-actions">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onView(u.id)}
                  aria-label={`Ver detalhes de ${u.name}`}
                >
                  Ver
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => onDelete(u)}
                  disabled={u.id === currentUserId}
                  title={u.id === currentUserId ? 'Você não pode excluir sua própria conta.' : undefined}
                  aria-label={`Excluir ${u.name}`}
                >
                  Excluir
                </Button>
              </Td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  )
}
