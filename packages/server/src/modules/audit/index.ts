/** The audit module as other modules see it: security events (data changes are traced by triggers). */
export { recordSecurityEvent, type SecurityEvent, type SecurityEventType } from './security-log.js';
