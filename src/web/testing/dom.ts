// Helpers for the component tests (the `web` project).
import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'

/** What a control's aria-describedby names (its error, else its hint): what a screen reader reads after the label. */
export function descriptionOf(control: HTMLElement): string | undefined {
  const id = control.getAttribute('aria-describedby')
  return (id && document.getElementById(id)?.textContent) || undefined
}

/** The form control labelled `label`. */
export function control(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement
}

/** Types `raw` into the empty control labelled `label` and answers what it then shows (its mask at work). */
export async function typed(user: UserEvent, label: string, raw: string): Promise<string> {
  await user.clear(control(label))
  await user.type(control(label), raw)
  return control(label).value
}
