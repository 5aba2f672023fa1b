-- The gateway's fee per account and method (issue 37 item 4): { "<pix|credit_card|bank_slip>": { "percentBps": n,
-- "fixedCents": n } }, e.g. card 3,99 % + R$ 0,39 = { "credit_card": { "percentBps": 399, "fixedCents": 39 } }. What is
-- withheld from a paid order before its net is split among affiliates, co-producers and the producer. Empty: no fee.
alter table payment_accounts add column fees jsonb not null default '{}'::jsonb;
