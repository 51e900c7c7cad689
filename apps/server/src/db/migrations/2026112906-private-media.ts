import type { Kysely } from 'kysely';

/**
 * Private media (issue 46, docs/decisions/059): a flagged photo's original and thumbnail
 * move to the private store (`original_private`), and a report's photo evidence becomes a
 * private object named by `evidence_object` instead of bytes in the row. The start moves
 * what earlier versions stored (`moveFlaggedOriginals`, `moveReportEvidence`), so `evidence_image` stays readable
 * until then; a later migration may drop it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('original_private', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('reports').addColumn('evidence_object', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('evidence_object').execute();
  await db.schema.alterTable('images').dropColumn('original_private').execute();
}
