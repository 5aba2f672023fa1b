import { useEffect } from 'react'

export const APP_NAME = 'Checkout Platform'

/**
 * Sets the tab's title while the page is shown: 'Vendas · Checkout Platform', or 'Produtos · Loja X' when a store
 * is named, so a merchant with several tabs (or the browser history) can tell the screens apart.
 */
export function usePageTitle(title: string, context: string = APP_NAME) {
  const full = title ? `${title} · ${context || APP_NAME}` : APP_NAME
  useEffect(() => {
    document.title = full
  }, [full])
}
