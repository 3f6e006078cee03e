import type { Actor } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { dropEmpty } from '../../lib/input.js';
import { present } from '../../lib/list/query.js';
import type { Row } from '../../lib/list/source.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertForeignKeys, assertUnique, laboratoryOf, type TableDeps } from './table-rules.js';

/** A new row of the laboratory: unique fields, references and the table's own rules checked, audited. */
export async function addTableRow({ db, binding }: TableDeps, actor: Actor, input: Row): Promise<Row> {
  const laboratoryId = laboratoryOf(actor);
  const given = dropEmpty(input, { dropNull: true });
  const values = binding.addDefaults ? binding.addDefaults(given) : given;
  return writeTransaction(db, actor, async (tx) => {
    await assertUnique(tx, binding, laboratoryId, values);
    await assertForeignKeys(tx, binding, laboratoryId, values);
    await binding.validate?.(tx, laboratoryId, values, values);
    const [row] = await tx
      .insert(binding.table)
      .values({ ...values, laboratory_id: laboratoryId })
      .returning();
    return present(binding.entity, row ?? fail('unexpectedError'));
  });
}
