SELECT attach_audit('uploads', 'upload_id', 'upload_last_updated');
