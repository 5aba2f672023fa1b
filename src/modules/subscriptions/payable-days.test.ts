import { describe, expect, it } from 'vitest'
import { payableDays } from './invoice-billing'

// A cycle due 30/04/2027 at 12:00 in São Paulo (15:00 UTC), the anchor's time of day.
const DUE = new Date('2027-04-30T15:00:00.000Z')

describe('how long a renewal invoice stays payable', () => {
  it('a boleto falls due on the cycle’s own calendar day, whatever the hour it was sent', () => {
    // D-2 at 09:00 in São Paulo, earlier in the day than the anchor: 2 calendar days (52 hours rounded up would be 3).
    expect(payableDays('bank_slip', new Date('2027-04-28T12:00:00.000Z'), DUE)).toBe(2)
    // D-3 at 23:00 in São Paulo (02:00 UTC the next day): still São Paulo's 27th, 3 days.
    expect(payableDays('bank_slip', new Date('2027-04-28T02:00:00.000Z'), DUE)).toBe(3)
  })

  it('a PIX lives whole days until past the due instant', () => {
    expect(payableDays('pix', new Date('2027-04-28T12:00:00.000Z'), DUE)).toBe(3)
    expect(payableDays('pix', new Date('2027-04-27T15:00:00.000Z'), DUE)).toBe(3)
  })

  it('never less than a day, even sent on the due date itself', () => {
    expect(payableDays('bank_slip', new Date('2027-04-30T13:00:00.000Z'), DUE)).toBe(1)
    expect(payableDays('pix', new Date('2027-04-30T14:00:00.000Z'), DUE)).toBe(1)
  })
})
