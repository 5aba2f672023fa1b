/** The design kit. Pure presentation: nothing here may import merchant (features/app) code. */
export { Button, type ButtonProps, type ButtonVariant } from './button'
export { cx } from './cx'
export { Alert, Badge, type BadgeTone, EmptyState, Loading, Spinner } from './feedback'
export { Checkbox, Field, type FieldProps, Input, Select, Textarea } from './field'
export { Card, PageHeader, StatCard } from './layout'
export { ConfirmDialog, type ConfirmDialogProps, Modal, type ModalProps } from './modal'
export { Table, TableMessage, Td, Th } from './table'
