/**
 * A message's HTML shown as a mail app would: in a sandboxed iframe (no scripts, no access to this page or its
 * session), at a phone's width or the message's full 600 px.
 */
export function EmailFrame({ html, width, title }: { html: string; width: number; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      data-testid="email-frame"
      style={{
        width: `${width}px`,
        maxWidth: '100%',
        height: '720px',
        border: '1px solid #e5e7eb',
        background: '#fff',
      }}
    />
  )
}
