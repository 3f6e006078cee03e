SELECT attach_audit('nabms', 'nabm_code', 'nabm_last_updated');
