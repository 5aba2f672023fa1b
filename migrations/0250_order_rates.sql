-- The rates an order was priced with, so its e-mails name them ('Desconto PIX (5%)', '2,99% a.m.') as the checkout
-- did, whatever the store's settings say later. Older orders keep 0: their lines are named without a rate.
alter table orders
  add column method_discount_bp integer not null default 0,
  add column interest_rate_bp integer not null default 0;
