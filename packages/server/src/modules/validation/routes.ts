import type { FastifyInstance } from 'fastify';
import { handle, typedRead } from '../../lib/route.js';
import { setRecordInterpretation } from './interpretation.js';
import { invalidateRecord } from './invalidate.js';
import { recordPreview, validationQueue } from './reads.js';
import { rulesOfLaboratory } from './rules/queries.js';
import { ruleValidationQueue } from './rules/rule-queue.js';
import { deleteValidationRule, setValidationRule } from './rules/set-rule.js';
import { validateByRules } from './rules/validate-by-rules.js';
import { type ValidationDeps, validateRecord } from './validate.js';

/** Biological validation (issue 13): HTTP only, the rules are in one command per file. */
export function validationRoutes(app: FastifyInstance, deps: ValidationDeps): void {
  const { db } = deps;
  handle(
    app,
    'previewRecord',
    ({ auth, query, sessionStamps }) => recordPreview(db, auth, query.record_id, sessionStamps),
    { ...typedRead, readsSessionStamps: true },
  );
  handle(app, 'getRecordsToValidate', ({ auth }) => validationQueue(db, auth));
  handle(app, 'validateRecord', ({ auth, body }) => validateRecord(deps, auth, body));
  handle(app, 'setRecordInterpretation', ({ auth, body }) => setRecordInterpretation(db, auth, body));
  handle(app, 'getValidationRules', ({ auth }) => rulesOfLaboratory(db, auth.user.laboratory_id));
  handle(app, 'setValidationRule', ({ auth, body }) => setValidationRule(db, auth, body));
  handle(app, 'deleteValidationRule', ({ auth, body }) => deleteValidationRule(db, auth, body.rule_analysis));
  handle(app, 'getRuleValidationQueue', ({ auth }) => ruleValidationQueue(db, auth));
  handle(app, 'validateByRules', ({ auth, body }) => validateByRules(deps, auth, body));
  handle(app, 'invalidateRecord', ({ auth, body }) => invalidateRecord(db, auth, body));
}
