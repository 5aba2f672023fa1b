// html-to-text (React Email's HTML-to-text converter, render.ts) ships no types: the part render.ts uses.
declare module 'html-to-text' {
  export interface SelectorDefinition {
    selector: string
    format?: string
    options?: Record<string, unknown>
  }
  export interface HtmlToTextOptions {
    wordwrap?: number | false | null
    selectors?: SelectorDefinition[]
  }
  /** The converter for `options`, compiled once (convert(html, options) compiles them on every call). */
  export function compile(options?: HtmlToTextOptions): (html: string) => string
  export function convert(html: string, options?: HtmlToTextOptions): string
}
