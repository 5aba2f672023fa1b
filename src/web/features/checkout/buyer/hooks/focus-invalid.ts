/**
 * After a failed submit: focus the first field marked invalid (once React has rendered the errors), so the
 * keyboard and the screen reader land on it; its message (role="alert") is announced.
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const marked = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!marked) return
    // A group (the shipping options) takes focus through its first choice.
    const field = marked.matches('fieldset') ? (marked.querySelector<HTMLElement>('input') ?? marked) : marked
    field.focus()
    field.scrollIntoView({ block: 'center' })
  })
}
