/**
 * Lead and CompleteRegistration (spec 002 §3 toggles) from the buyer's identification step: Lead once the buyer has
 * given a valid e-mail, CompleteRegistration once name, e-mail, phone and CPF are all valid; each at most once per
 * checkout page load. Judged by the same shared rules as the form, so the pixel never counts a buyer the form would
 * still refuse.
 *
 * The page asks at the moments the buyer leaves a field or the step, never on a keystroke: Meta's pixel reads the
 * page's fields for its own (hashed) advanced matching when an event fires, and "maria@gmail.co" is already a valid
 * e-mail half-way through typing "maria@gmail.com".
 */
import { type CustomerFields, customerErrors, isValidEmail } from '../../../../shared/ordering-rules'

export type IdentificationEvent = 'Lead' | 'CompleteRegistration'

/** The events the identification earns now that were not sent yet, Lead first. */
export function identificationEvents(
  customer: CustomerFields,
  sent: ReadonlySet<IdentificationEvent>,
): IdentificationEvent[] {
  const due: IdentificationEvent[] = []
  if (!sent.has('Lead') && isValidEmail((customer.email ?? '').trim())) due.push('Lead')
  if (!sent.has('CompleteRegistration') && !Object.values(customerErrors(customer)).some(Boolean))
    due.push('CompleteRegistration')
  return due
}

/** One per checkout page: remembers what it sent, so each event goes out once however often the buyer leaves a field. */
export function identificationTracker(send: (event: IdentificationEvent) => void): (customer: CustomerFields) => void {
  const sent = new Set<IdentificationEvent>()
  return (customer) => {
    for (const event of identificationEvents(customer, sent)) {
      sent.add(event)
      send(event)
    }
  }
}
