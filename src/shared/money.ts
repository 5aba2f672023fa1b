/** Reais on the wire, integer cents everywhere else: conversion happens here and only here. */
export function toCents(reais: number): number {
  return Math.round(reais * 100)
}

export function toReais(cents: number): number {
  return Math.round(cents) / 100
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

export function formatBRL(reais: number | null | undefined): string {
  return brl.format(Number.isFinite(reais) ? (reais as number) : 0)
}

export function formatCents(cents: number): string {
  return formatBRL(toReais(cents))
}
