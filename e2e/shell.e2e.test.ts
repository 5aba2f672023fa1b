import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createMerchant } from './shop'
import { PHONE, recordToasts, setupE2E, snap, waitForToast } from './support'

const ADMIN_EMAIL = 'admin@e2e.test'
const ADMIN_PASSWORD = 'admin-password-123'

const e2e = setupE2E({ ADMIN_EMAIL, ADMIN_PASSWORD })

const toast = waitForToast

async function open() {
  const opened = await e2e.newPage()
  await recordToasts(opened.context)
  return opened
}

async function login(page: Page, email: string, password: string) {
  await page.goto(`${e2e.server.url}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await toast(page, 'Login bem-sucedido!')
}

describe('merchant shell', () => {
  it('registers, logs in, creates and edits a store, changes the profile name and logs out', async () => {
    const { context, page } = await open()
    const email = `lojista-${Date.now()}@e2e.test`

    await page.goto(`${e2e.server.url}/register`)
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await page.getByText('Por favor, preencha todos os campos.').waitFor()
    await page.getByLabel('Nome completo').fill('Maria Lojista')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Senha', { exact: true }).fill('segredo1')
    await page.getByLabel('Confirmar senha').fill('segredo2')
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await page.getByText('As senhas não coincidem.').waitFor()
    await page.getByLabel('Confirmar senha').fill('segredo1')
    await snap(page, 'shell-01-register')
    await page.getByRole('button', { name: 'Criar conta' }).click()
    // Registering logs the merchant in (issue 33); out again to try the login screen.
    await toast(page, 'Conta criada! Bem-vindo(a).')
    await page.waitForURL('**/dashboard')
    await page.getByRole('button', { name: 'Sair' }).click()
    await page.waitForURL('**/login')

    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByText('Por favor, preencha email e senha.').waitFor()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Senha').fill('errada')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.locator('.alert-danger').waitFor()
    await snap(page, 'shell-02-login-failed')
    await login(page, email, 'segredo1')
    await page.waitForURL('**/dashboard')

    // A merchant without stores: the welcome card and the first-store form.
    await page.getByText('Você ainda não possui lojas. Crie sua primeira loja para começar a vender.').waitFor()
    await snap(page, 'shell-03-welcome')
    await page.locator('.welcome-card').getByRole('button', { name: 'Criar Primeira Loja' }).click()
    await page.getByRole('button', { name: 'Criar Loja' }).click()
    await page.getByText('Nome da loja é obrigatório.').waitFor()
    await page.getByLabel('Nome da loja *').fill('Loja da Maria')
    expect(await page.getByText('Nome da loja é obrigatório.').count()).toBe(0)
    await page.getByLabel('Descrição (opcional)').fill('Roupas e acessórios')
    await page.getByRole('button', { name: 'Criar Loja' }).click()
    await toast(page, 'Loja "Loja da Maria" criada com sucesso!')
    await page.locator('.store-selector-name', { hasText: 'Loja da Maria' }).waitFor()
    await snap(page, 'shell-04-store-created')

    // Editing goes through PATCH /api/stores/:id.
    await page.getByRole('button', { name: 'Editar loja' }).click()
    const dialog = page.getByRole('dialog', { name: 'Editar Loja' })
    await dialog.waitFor()
    await dialog.getByLabel('Nome da loja *').fill('x'.repeat(101))
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click()
    await dialog.getByText('Nome da loja deve ter no máximo 100 caracteres.').waitFor()
    await snap(page, 'shell-05-edit-store-invalid')
    await dialog.getByLabel('Nome da loja *').fill('Boutique da Maria')
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click()
    await toast(page, 'Loja "Boutique da Maria" atualizada com sucesso!')
    await page.locator('.store-selector-name', { hasText: 'Boutique da Maria' }).waitFor()

    // A second store from the selector; switching keeps the current sub-section.
    const firstStorePath = new URL(page.url()).pathname
    await page.locator('.store-selector-button').click()
    await page.getByRole('button', { name: '+ Criar Nova Loja' }).click()
    const createDialog = page.getByRole('dialog', { name: 'Criar Nova Loja' })
    await createDialog.getByLabel('Nome da loja *').fill('Segunda Loja')
    await createDialog.getByRole('button', { name: 'Criar Loja' }).click()
    await toast(page, 'Loja "Segunda Loja" criada com sucesso!')
    await page.locator('.store-selector-name', { hasText: 'Segunda Loja' }).waitFor()
    const section = firstStorePath.split('/').slice(3).join('/')
    if (section) await page.waitForURL((u) => u.pathname !== firstStorePath && u.pathname.endsWith(`/${section}`))
    await page.locator('.store-selector-button').click()
    await snap(page, 'shell-05b-store-menu')
    await page.getByRole('option', { name: 'Boutique da Maria' }).click()
    await page.locator('.store-selector-name', { hasText: 'Boutique da Maria' }).waitFor()
    if (section) await page.waitForURL((u) => u.pathname === firstStorePath)

    // A store id that is not the user's.
    await page.goto(`${e2e.server.url}/store/00000000-0000-4000-8000-000000000000/products`)
    await toast(page, 'não encontrada ou não pertence a você.')
    await snap(page, 'shell-06-foreign-store')

    // Not an administrator.
    await page.goto(`${e2e.server.url}/admin/panel`)
    await page.getByRole('heading', { name: 'Acesso Negado' }).waitFor()
    await page.getByText('Sua função atual: Lojista').waitFor()
    await snap(page, 'shell-07-access-denied')
    await page.getByRole('button', { name: 'Ir para Dashboard' }).click()

    // Account settings.
    await page.getByRole('link', { name: 'Conta' }).click()
    await page.waitForURL('**/account-settings')
    await page.getByLabel('Nome').fill('Maria Souza')
    await page.getByRole('button', { name: 'Salvar Alterações' }).click()
    await toast(page, 'Perfil atualizado com sucesso!')
    await page.locator('.user-box-name', { hasText: 'Maria Souza' }).waitFor()
    await page.getByRole('tab', { name: 'Alterar Senha' }).click()
    await page.getByLabel('Senha atual').fill('nao-e-essa')
    await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-123')
    await page.getByLabel('Confirmar nova senha').fill('nova-senha-123')
    await page.getByRole('button', { name: 'Alterar Senha' }).click()
    await page.locator('.field-error', { hasText: 'Senha atual incorreta' }).waitFor()
    // The error is the field's description: a screen reader reads it when the field takes focus.
    const description = await page
      .getByLabel('Senha atual')
      .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)
    expect(description).toBe('Senha atual incorreta')
    await snap(page, 'shell-08-account-password')

    await page.getByRole('button', { name: 'Sair' }).click()
    await toast(page, 'Você foi desconectado.')
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await snap(page, 'shell-09-logged-out')
    await context.close()
  })

  it('lets an administrator create, find and delete a user', async () => {
    const { context, page } = await open()
    // The platform endpoint failing first: the error state and its retry.
    await page.route('**/api/admin/dashboard**', (route) => route.fulfill({ status: 500, body: '{}' }))
    await login(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.waitForURL('**/admin')
    await page.getByText('Dashboard Indisponível').waitFor()
    await snap(page, 'shell-10a-admin-dashboard-error')
    await page.unroute('**/api/admin/dashboard**')
    await page.getByRole('button', { name: 'Tentar Novamente' }).click()
    await page.getByRole('heading', { name: 'Painel Administrativo' }).waitFor()
    await page.locator('.stat-card, .empty-state').first().waitFor()
    await snap(page, 'shell-10-admin-dashboard')

    await page.getByRole('link', { name: 'Gerenciar Usuários' }).click()
    await page.waitForURL('**/admin/panel')
    await page.getByRole('button', { name: '+ Criar Usuário' }).click()
    const modal = page.getByRole('dialog', { name: 'Novo Usuário' })
    await modal.getByLabel('Nome').fill('Carlos Teste')
    await modal.getByLabel('Email').fill('carlos@e2e.test')
    await modal.getByLabel('Senha').fill('senha123')
    await modal.getByLabel('Tipo de Usuário').selectOption('MODERATOR')
    await snap(page, 'shell-11-admin-create-user')
    await modal.getByRole('button', { name: 'Criar Usuário' }).click()
    await toast(page, 'Usuário criado com sucesso!')

    await page.getByPlaceholder('Buscar usuários...').fill('CARLOS')
    const rows = page.locator('tbody tr')
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1)
    await rows.first().getByText('carlos@e2e.test').waitFor()
    await rows.first().getByText('Moderador').waitFor()
    await page.getByRole('button', { name: 'Ver detalhes de Carlos Teste' }).click()
    const details = page.getByRole('dialog', { name: 'Detalhes do Usuário' })
    await details.getByText('Lojas (0)').waitFor()
    await snap(page, 'shell-12-admin-user-details')
    await page.keyboard.press('Escape')
    await details.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Excluir Carlos Teste' }).click()
    await page.getByText('Tem certeza que deseja excluir este usuário?').waitFor()
    await page.getByRole('dialog', { name: 'Excluir usuário' }).getByRole('button', { name: 'Excluir' }).click()
    await toast(page, 'Usuário excluído com sucesso!')
    await page.getByText('Nenhum usuário encontrado').waitFor()
    await snap(page, 'shell-13-admin-user-deleted')
    await context.close()
  })

  it('keeps the session from storage and shows the debug page', async () => {
    const { token } = await createMerchant(e2e.server.url, 'Debug User')
    const { context, page } = await e2e.openSignedIn(token, '/debug', { toasts: true })
    await page.getByRole('heading', { name: 'Depuração' }).waitFor()
    await page.getByRole('button', { name: 'Recarregar lojas' }).click()
    await toast(page, 'Lojas recarregadas com sucesso!')
    await snap(page, 'shell-14-debug')
    // Toasts close by themselves after 3 s.
    await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 6000 })
    await page.goto(`${e2e.server.url}/test-sidebar`)
    await page.getByRole('button', { name: 'Recolher menu' }).first().click()
    await page.getByText('recolhido (80px)').waitFor()
    await snap(page, 'shell-15-test-sidebar')
    await context.close()

    const phone = await e2e.openSignedIn(token, '/dashboard', { device: PHONE, toasts: true })
    await phone.page.getByText('Criar Primeira Loja').first().waitFor()
    await snap(phone.page, 'shell-16-phone-welcome')
    await phone.page.getByRole('button', { name: 'Abrir menu' }).click()
    await phone.page.locator('.sidebar-mobile-open').waitFor()
    await phone.page.waitForTimeout(300) // the slide-in transition
    await snap(phone.page, 'shell-17-phone-menu')
    await phone.context.close()
  })
})
