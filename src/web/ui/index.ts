/**
 * The design kit. Pure presentation: nothing here may import merchant (features/app) code. The buyer's checkout
 * imports the kit's files themselves (ui/button, ui/field, ui/feedback): through this index it would share one chunk
 * with the merchant's dialogs and tables and download them too.
 */
export { Button, type ButtonProps, type ButtonVariant } from './button'
export { cx } from './cx'
export { Alert, Badge, type BadgeTone, EmptyState, ListStates, Loading, Spinner } from './feedback'
export { Checkbox, Field, type FieldProps, Input, Select, type SelectOption, Textarea } from './field'
export { Card, PageHeader, StatCard } from './layout'
export { ConfirmDialog, type ConfirmDialogProps, Modal, type ModalProps } from './modal'
export { AccessDeniedCard, NoticeCard } from './notice-card'
export { PageNav, Pager } from './pager'
export { RowActions } from './row-actions'
export { SecretInput } from './secret-input'
export { Switch } from './switch'
export { ListTable, Table, TableMessage, Td, Th } from './table'
