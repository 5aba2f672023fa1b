/** Recovery's public face for other features: the recovered figures (the store dashboard shows them too). */
export { RecoveryFigures } from './components/recovery-figures'
export { recoverySections } from './sections'
