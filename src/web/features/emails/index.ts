/** What the app shell may use of the e-mails feature. */
export { emailSections } from './sections'
