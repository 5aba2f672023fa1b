-- Whether every active card account of the store keeps cards (cardOnFile): the card step then offers to save it.
alter table payment_configs add column card_on_file boolean not null default false;
