import { describe, expect, it } from 'vitest'
import { type IdentificationEvent, identificationEvents, identificationTracker } from './identification-events'

const COMPLETE = { name: 'Maria da Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' }
const none = new Set<IdentificationEvent>()

describe('Lead and CompleteRegistration from the identification step', () => {
  it('an empty or unfinished e-mail earns nothing', () => {
    expect(identificationEvents({}, none)).toEqual([])
    expect(identificationEvents({ email: 'maria@' }, none)).toEqual([])
    expect(identificationEvents({ email: 'maria@example' }, none)).toEqual([])
    expect(identificationEvents({ ...COMPLETE, email: 'maria@example' }, none)).toEqual([])
  })

  it('a valid e-mail (as the form trims it) earns Lead alone', () => {
    expect(identificationEvents({ email: ' maria@example.com ' }, none)).toEqual(['Lead'])
    expect(identificationEvents({ ...COMPLETE, cpf: '529.982.247-24' }, none)).toEqual(['Lead'])
    expect(identificationEvents({ ...COMPLETE, phone: '(11) 9876' }, none)).toEqual(['Lead'])
    expect(identificationEvents({ ...COMPLETE, name: '123' }, none)).toEqual(['Lead'])
  })

  it('name, e-mail, phone and CPF all valid earn Lead then CompleteRegistration', () => {
    expect(identificationEvents(COMPLETE, none)).toEqual(['Lead', 'CompleteRegistration'])
    expect(identificationEvents({ ...COMPLETE, phone: '11987654321', cpf: '52998224725' }, none)).toEqual([
      'Lead',
      'CompleteRegistration',
    ])
  })

  it('what was sent is not due again', () => {
    expect(identificationEvents(COMPLETE, new Set(['Lead']))).toEqual(['CompleteRegistration'])
    expect(identificationEvents(COMPLETE, new Set(['Lead', 'CompleteRegistration']))).toEqual([])
  })

  it('the page tracker sends each event once, however often the buyer leaves a field', () => {
    const sent: IdentificationEvent[] = []
    const check = identificationTracker((event) => sent.push(event))
    check({ name: 'Maria' })
    expect(sent).toEqual([])
    check({ name: 'Maria', email: 'maria@example.com' })
    check({ name: 'Maria', email: 'maria@example.com', phone: '(11) 98765-4321' })
    // The buyer changes the e-mail: still the same lead on this page.
    check({ name: 'Maria', email: 'outra@example.com' })
    expect(sent).toEqual(['Lead'])
    check(COMPLETE)
    check(COMPLETE)
    check({ ...COMPLETE, cpf: '' })
    check(COMPLETE)
    expect(sent).toEqual(['Lead', 'CompleteRegistration'])
  })

  it('each page load (a new tracker) starts afresh', () => {
    const first: IdentificationEvent[] = []
    const second: IdentificationEvent[] = []
    identificationTracker((e) => first.push(e))(COMPLETE)
    identificationTracker((e) => second.push(e))(COMPLETE)
    expect(first).toEqual(['Lead', 'CompleteRegistration'])
    expect(second).toEqual(['Lead', 'CompleteRegistration'])
  })
})
