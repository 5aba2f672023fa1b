import { useEffect, useState } from 'react'
import { COPY_FEEDBACK_MS } from '../../../../../shared/pix-screen'
import { copyText } from '../../../../lib/clipboard'
import { Button } from '../../../../ui/button'
import { Alert } from '../../../../ui/feedback'

/** Copies `text`; the label turns into `doneLabel` for 3 s, and a failure asks the buyer to copy by hand. */
export function CopyButton({ text, label, doneLabel }: { text: string; label: string; doneLabel: string }) {
  const [copied, setCopied] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy() {
    try {
      await copyText(text)
      setFailed(false)
      setCopied(true)
    } catch {
      setFailed(true)
    }
  }

  return (
    <>
      <Button variant={copied ? 'success' : 'primary'} block onClick={copy}>
        {copied ? doneLabel : label}
      </Button>
      <span className="sr-only" aria-live="polite">
        {copied ? doneLabel : ''}
      </span>
      {failed && <Alert tone="warning">Não foi possível copiar. Selecione o código abaixo e copie manualmente.</Alert>}
    </>
  )
}
