-- Whether a card account of the store needs the card holder's CEP and house number with raw card data (Asaas's
-- creditCardHolderInfo): the digital checkout then asks for them (a physical order sends the delivery address).
alter table payment_configs add column card_holder_address boolean not null default false;
update payment_configs c set card_holder_address = exists (
  select 1 from payment_accounts a
  where a.store_id = c.store_id and a.active and a.provider = 'asaas' and 'credit_card' = any(a.methods)
);
