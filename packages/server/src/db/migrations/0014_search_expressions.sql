-- One normalised search expression per table, so that a search is case- and accent-insensitive as
-- French users type ('helene' finds 'Hélène', 'lefevre dupont' finds 'Lefèvre-Dupont', 'dartagnan'
-- finds "d'Artagnan") and one trigram index answers it. `unaccent` is not in the embedded database:
-- the folding is a plain immutable SQL function, the same on both.
CREATE FUNCTION sil_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(
    replace(replace(replace(replace(value, 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'),
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ-''’',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy '
  ))
$$;
--> statement-breakpoint
-- The names of a patient as one folded text: surname first, as the front desk types them. The call
-- is schema-qualified: PostgreSQL 17 builds indexes with a search_path of pg_catalog only.
CREATE FUNCTION sil_patient_names(surname text, name text, birth_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.sil_fold(surname || ' ' || name || coalesce(' ' || birth_name, ''))
$$;
--> statement-breakpoint
CREATE INDEX patients_names_search_trgm ON patients
  USING gin (sil_patient_names(patient_surname, patient_name, patient_birth_name) gin_trgm_ops);
--> statement-breakpoint
-- Identifiers are searched by their beginning (NIR, INS) or any part (external id): trigram indexes
-- serve both, so that the OR of a patient search can be answered from indexes only.
CREATE INDEX patients_nir_trgm ON patients USING gin (patient_nir gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX patients_ins_trgm ON patients USING gin (patient_ins gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX patients_external_id_trgm ON patients USING gin (patient_external_id gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX samples_number_trgm ON samples USING gin (sample_number gin_trgm_ops);
--> statement-breakpoint
-- The default order of every list (last change first, id for ties): a page is read from the index
-- instead of sorting every row of the laboratory.
CREATE INDEX patients_laboratory_last_updated ON patients (laboratory_id, patient_last_updated DESC, patient_id);
--> statement-breakpoint
CREATE INDEX records_laboratory_last_updated ON records (laboratory_id, record_last_updated DESC, record_id);
--> statement-breakpoint
CREATE INDEX samples_laboratory_last_updated ON samples (laboratory_id, sample_last_updated DESC, sample_id);
