/** The buyer of a bench's n-th order: a new e-mail each time, valid phone and CPF. */
export const benchBuyer = (n: number) => ({
  name: 'Comprador Bench',
  email: `buyer${n}@example.com`,
  phone: '11987654321',
  cpf: '52998224725',
})
