import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laboratories, users } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { XDM_FILES } from '../src/modules/exchange/formats/xdm/index.js';
import { qualifyIdentity } from './cda-catalogue.js';
import { KIT_DIR, missingKitTools, runKit } from './cda-kit.js';
import { apiClient } from './client.js';
import {
  addGlucosePanel,
  type GlucosePanel,
  pendingRecord,
  type Staff,
  signInStaff,
  staffRecord,
  validatedRecord,
} from './factories.js';
import { DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

/**
 * The secure-messaging package of a validated record, downloaded through the API as the laboratory
 * sends it: the kit's layout, METADATA.XML describing DOC0001.XML by its bytes and header, and the
 * CR-BIO inside passing the national CDA kit. The kit's check is skipped only when the kit is absent.
 */
describe.each(DATABASES)('the IHE XDM package of a record on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  let recordId: string;
  let panel: GlucosePanel;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.admin_uid, staff.admin.uid));
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(laboratories)
        .set({ laboratory_settings: { finess: '750000001', address: '12 rue des Tilleuls, 75011 Paris' } })
        .where(eq(laboratories.laboratory_id, String(admin?.laboratory_id))),
    );
    panel = await addGlucosePanel(ctx.app, staff.admin);
    const record = await validatedRecord(ctx.app, staff, panel, { patient_surname: 'Morel' });
    recordId = record.recordId;
    const { patient } = await staffRecord(ctx.app, staff.admin, recordId);
    await qualifyIdentity(ctx.database.db, patient.patient_id);
  }, 120_000);
  afterAll(() => stopTestApp(ctx));

  const download = async () => {
    const response = await apiClient(ctx.app, staff.secretary).send('downloadRecordXdm', {
      query: { record_id: recordId },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/-XDM\.zip$/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    return { files, text: (name: string) => Buffer.from(files[name] ?? []).toString('utf8') };
  };

  it("unpacks to the kit's layout, its metadata matching DOC0001.XML, the CDA the same as the export's", async () => {
    const { files, text } = await download();
    expect(Object.keys(files).sort()).toEqual([
      XDM_FILES.document,
      XDM_FILES.metadata,
      'INDEX.HTM',
      'README.TXT',
    ]);
    const cda = text(XDM_FILES.document);
    const exported = await apiClient(ctx.app, staff.secretary).exportRecordResults({
      record_id: recordId,
      format: 'cda',
    });
    expect(cda).toBe(exported.content);
    const metadata = text(XDM_FILES.metadata);
    const bytes = Buffer.from(files[XDM_FILES.document] ?? []);
    expect(metadata).toContain(`<rim:Value>${createHash('sha1').update(bytes).digest('hex')}</rim:Value>`);
    expect(metadata).toContain(`<rim:Value>${bytes.length}</rim:Value>`);
    const documentId = /<id root="([^"]+)" extension="([^"]+)"\/>\s*<code code="11502-2"/.exec(cda);
    expect(documentId).not.toBeNull();
    expect(metadata).toContain(`value="${documentId?.[1]}^${documentId?.[2]}"`);
    expect(metadata).toContain('value="279035121518989^^^&amp;1.2.250.1.213.1.4.10&amp;ISO^NH"');
    expect(metadata).toContain('nodeRepresentation="11502-2"');
  });

  it.runIf(existsSync(KIT_DIR))(
    'carries a CR-BIO that the national CDA kit accepts',
    async () => {
      const missing = missingKitTools();
      if (missing.length > 0)
        throw new Error(`The national CDA kit cannot run: install ${missing.join(', ')}`);
      const { text } = await download();
      expect(runKit({ doc0001: text(XDM_FILES.document) })).toEqual({ doc0001: [] });
    },
    120_000,
  );

  it('refuses the package of a record not validated yet', async () => {
    const pending = await pendingRecord(ctx.app, staff, panel);
    const response = await apiClient(ctx.app, staff.secretary).send('downloadRecordXdm', {
      query: { record_id: pending.recordId },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'recordNotValidated' });
  });
});
