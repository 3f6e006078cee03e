-- The records lists' abnormal mark and filter (issue 17): a record is abnormal when a result of one of
-- its validated samples has a flag the report marks (low, high, toxic, deadly). The out-of-range
-- results are a part of all results: this partial index lets a filter on the mark start from them
-- (then their samples, then the records) instead of checking every record of a long list.
CREATE INDEX results_abnormal_sample ON results (result_sample)
  WHERE result_flags && '{low,high,toxic,deadly}'::text[];
