/** The face of non-conformities: what other modules may use (the boundary checker refuses the rest). */

/** For rule-assisted validation: a record's ANEs (an analysis not done fails the rule 'no NCT/LBloc/ANE'). */
export { nonconformitiesOf } from './queries.js';
export { nonconformityRoutes } from './routes.js';
