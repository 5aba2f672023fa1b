import path from 'node:path'
import { loadConfig } from '../../config'
import { systemClock } from '../clock'
import { createStorage } from '.'
import { copyFolderToStorage } from './copy'

// `npm run storage:migrate`: the local folder (STORAGE_FROM, by default file:<DATA_DIR>/files) into STORAGE_URL's bucket.
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
const copied = await copyFolderToStorage(folder, target, (key, size) => console.log(`${key} (${size} bytes)`))
console.log(`${copied} arquivo(s) copiado(s) de ${folder} para o bucket`)
