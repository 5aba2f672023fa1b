import path from 'node:path'
import { loadConfig } from './config'
import { legacyImagesSource } from './modules/catalog'
import { systemClock } from './platform/clock'
import { createStorage } from './platform/storage'
import { copyFolderToStorage } from './platform/storage/copy'

// `npm run storage:migrate`: the local folder (STORAGE_FROM, by default file:<DATA_DIR>/files) and the product images
// on the api's disk (UPLOADS_DIR) into STORAGE_URL's bucket. Run it again after a cut: what is there is skipped.
const config = loadConfig()
if (!config.STORAGE_URL?.startsWith('s3:')) {
  console.error('STORAGE_URL deve apontar para o bucket de destino (s3://<bucket>?endpoint=…)')
  process.exit(2)
}
const from = process.env.STORAGE_FROM ?? `file:${path.join(config.DATA_DIR, 'files')}`
if (!from.startsWith('file:')) {
  console.error('STORAGE_FROM deve ser uma pasta local (file:<pasta>)')
  process.exit(2)
}
const folder = path.resolve(from.slice('file:'.length))
const target = createStorage(config, systemClock)
const log = (key: string, size: number) => console.log(`${key} (${size} bytes)`)
const files = await copyFolderToStorage({ folder }, target, log)
const images = await copyFolderToStorage(legacyImagesSource(config.uploadsDir), target, log)
console.log(
  `Arquivos: ${files.copied} copiado(s), ${files.skipped} já no bucket. Imagens: ${images.copied} copiada(s), ${images.skipped} já no bucket.`,
)
