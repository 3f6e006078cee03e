import { createRequire } from 'node:module';
import type { PgBoss } from 'pg-boss';

/** The version of its own tables this pg-boss makes and migrates to. */
export const BOSS_SCHEMA_VERSION: number = (
  createRequire(import.meta.url)('pg-boss/package.json') as { pgboss: { schema: number } }
).pgboss.schema;

/**
 * A schema this pg-boss cannot use is refused, naming the setting to change: one left by a newer
 * pg-boss (its tables differ; pg-boss would work on it as if it were its own), or by an older one
 * it has no migration from (pg-boss 10's). Its jobs are not needed: the sweep gives every send
 * still in flight a job in the new schema.
 */
export async function refuseSchemaItCannotUse(boss: PgBoss, schema: string): Promise<void> {
  if (!(await boss.isInstalled())) return;
  const version = Number(await boss.schemaVersion());
  const cannot = (why: string) =>
    new Error(
      `The job queue schema "${schema}" was made by ${why} (version ${version}, this one makes ${BOSS_SCHEMA_VERSION}): drop it or set PGBOSS_SCHEMA to another schema.`,
    );
  if (version > BOSS_SCHEMA_VERSION) throw cannot('a newer pg-boss');
  if (version === BOSS_SCHEMA_VERSION) return;
  try {
    // Imported here, as by the queue: not by every start of the embedded database.
    (await import('pg-boss')).getMigrationPlans(schema, version);
  } catch {
    throw cannot('an older pg-boss that this one does not migrate');
  }
}
