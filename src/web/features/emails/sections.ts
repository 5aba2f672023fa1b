import { Mail } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const emailSections: StoreSection[] = [section('emails', 'E-mails', 105, Mail, () => import('./emails-page'))]
