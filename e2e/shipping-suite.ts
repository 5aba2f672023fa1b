import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { startFakeMelhorEnvio } from '../src/testing/fake-melhor-envio'
import { startFakeSmtp } from '../src/testing/fake-smtp'
import { continueToShipping, fillFoundAddress } from './buyer'
import { startFakeCep } from './fake-cep'
import { waitForMail } from './mail'
import { setupE2E, startForFile } from './support'

/** What the shipping suites start: the CEP service, Melhor Envio and the mailbox as fakes, the app pointed at them. */
export async function shippingSuite() {
  const cep = await startForFile(startFakeCep)
  const melhorEnvio = await startForFile(startFakeMelhorEnvio)
  const smtp = await startForFile(startFakeSmtp)
  const e2e = setupE2E({ CEP_LOOKUP_URL: cep.url, MELHOR_ENVIO_API_URL: melhorEnvio.url, SMTP_URL: smtp.url })
  return { e2e, mailFor: (address: string, subject: RegExp) => waitForMail(smtp, address, subject) }
}

/** From the open physical checkout to the delivery step, at the fake's SEDEX and PAC for the 1.2 kg box (2 kg billed). */
export async function reachMelhorEnvioQuotes(page: Page) {
  await continueToShipping(page)
  await fillFoundAddress(page)
  await page.getByText('Correios SEDEX').waitFor()
  await page.getByText('Correios PAC').waitFor()
  const options = (await page.locator('main').textContent()) ?? ''
  expect(options).toContain('49,40') // SEDEX: 32,90 + 2 kg × 7,50 + 1,50 insurance
  expect(options).toContain('28,00') // PAC: 18,50 + 2 kg × 4,00 + 1,50
}
