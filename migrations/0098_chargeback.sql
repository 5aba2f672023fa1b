-- A chargeback (contestação do cartão) stays REFUNDED for every rule, since the money is gone either way, but the
-- merchant's records and their ad tracking (UTMify 'chargedback') must tell it apart from a refund they made.
alter table payment_transactions add column charged_back boolean not null default false;
alter table orders add column charged_back boolean not null default false;
