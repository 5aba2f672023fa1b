-- A free trial's card check (issue 36) is recorded as a card charge of R$ 0,00: the one charge allowed no amount.
alter table payment_transactions drop constraint if exists payment_transactions_amount_cents_check;
alter table payment_transactions
  add constraint payment_transactions_amount_cents_check check (amount_cents > 0 or (amount_cents = 0 and method = 'CREDIT_CARD'));
