-- Next-day services only where they arrive the next day or the one after (issue 40): JNE YES ("Yakin Esok
-- Sampai"), SiCepat BEST ("Besok Sampai Tujuan") and AnterAja Next Day promise tomorrow by their names, yet the
-- rate card of migration 0025 offered them to Maluku and Papua at "4-7 days". Their couriers do not serve such
-- routes next day either. Rates of these services whose slowest arrival is over 2 days are removed; the regular,
-- economy and cargo services still serve those routes, and an operator may add a rate again at /ops/shipping.
DELETE FROM "courier_rates"
WHERE ("courier", "service") IN (('jne', 'YES'), ('sicepat', 'BEST'), ('anteraja', 'ND'))
  AND "eta_max_days" > 2;
