import { Hl7Message } from '@medplum/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildOml33, readResults } from './hl7/law.js';
import type { Hl7Reading } from './hl7/messages.js';
import { Hl7Analyser, oulR22, wrap } from './simulator/hl7-analyser.js';
import { tcpGateway, until } from './test-gateway.js';

let gateway: Awaited<ReturnType<typeof tcpGateway>>;
const analyser = async () => new Hl7Analyser(await gateway.connect(), 2000);
const msa = (ack: string | undefined) =>
  ack
    ?.split('\r')
    .find((s) => s.startsWith('MSA'))
    ?.split('|');
const obx = Array.from(
  { length: 40 },
  (_, i) =>
    `OBX|${i + 1}|NM|T${i}^Test ${i}^99LAB||${i}.5|mmol/L|1.0-9.0|${i % 7 === 0 ? 'H' : 'N'}|||F|||20240514083000||||ANALYSER^1|20240514083100`,
);

beforeEach(async () => {
  gateway = await tcpGateway('hl7', {
    answerHl7: async (id) =>
      id === 'S-7' ? [{ specimenId: 'S-7', tests: [{ code: 'GLU', name: 'Glucose' }] }] : [],
  });
});
afterEach(() => gateway.close());

describe('HL7 over MLLP', () => {
  it('takes an OUL^R22 arriving in many pieces and a second one in the same chunk, ACKing each after the journal', async () => {
    const sim = await analyser();
    const ack = await sim.send(oulR22('M1', 'S-300', obx), { pieces: 7 });
    expect(msa(ack)?.slice(1, 3)).toEqual(['CA', 'M1']);
    expect(gateway.journal.pending()).toHaveLength(1);
    sim.stream.write(
      Buffer.concat([
        wrap(oulR22('M2', 'S-301', obx.slice(0, 2))),
        wrap(oulR22('M3', 'QC-1', obx.slice(0, 1), 'Q')),
      ]),
    );
    expect(msa(await sim.read())?.[2]).toBe('M2');
    expect(msa(await sim.read())?.[2]).toBe('M3');
    const results = gateway.received.map((r) => readResults((r.reading as Hl7Reading).message));
    expect(results[0]).toHaveLength(40);
    expect(results[0]?.[7]).toMatchObject({
      specimenId: 'S-300',
      testCode: 'T7',
      value: '7.5',
      units: 'mmol/L',
      flags: ['H'],
      equipment: 'ANALYSER',
    });
    expect(results[2]?.[0]).toMatchObject({ specimenId: 'QC-1', qc: true });
  });

  it('refuses an unreadable message (AR) but keeps it in the journal; the corrected one is accepted', async () => {
    const sim = await analyser();
    const refused = await sim.send('PID|1||garbage');
    expect(msa(refused)?.[1]).toBe('AR');
    expect(refused).toContain('ERR|');
    expect(gateway.received[0]?.reading).toEqual({ error: 'Invalid HL7 message' });
    const accepted = await sim.send(oulR22('M4', 'S-302', obx.slice(0, 3)).replace('|AL|NE|', '|||'));
    expect(msa(accepted)?.slice(1, 3)).toEqual(['AA', 'M4']);
    expect(gateway.journal.pending()).toHaveLength(2);
  });

  it('drops a message cut mid-frame and takes the repeat on the next connection', async () => {
    const first = await analyser();
    await first.send(oulR22('M5', 'S-303', obx), { cutAfter: 500 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gateway.journal.pending()).toHaveLength(0);
    const second = await analyser();
    expect(msa(await second.send(oulR22('M5', 'S-303', obx)))?.[1]).toBe('CA');
    expect(gateway.journal.pending()).toHaveLength(1);
  });

  it('answers a work-order query (QBP^Q11) with RSP^K11: the orders, or NF', async () => {
    const sim = await analyser();
    const query = (id: string) =>
      `MSH|^~\\&|ANALYSER||SIL||20240514083512||QBP^Q11^QBP_Q11|Q-${id}|P|2.5.1\rQPD|WOS^Work Order Step^IHE_LABTF|T-${id}|${id}\rRCP|I||R`;
    const found = Hl7Message.parse((await sim.send(query('S-7'))) ?? '');
    expect(found.getSegment('MSH')?.getField(9).toString()).toBe('RSP^K11^RSP_K11');
    expect(found.getSegment('QAK')?.getField(2).toString()).toBe('OK');
    expect(found.getSegment('OBR')?.getField(4).getComponent(1)).toBe('GLU');
    const none = Hl7Message.parse((await sim.send(query('S-8'))) ?? '');
    expect(none.getSegment('QAK')?.toString()).toBe('QAK|T-S-8|NF');
  });

  it('sends orders (OML^O33) to the analyser and reads its acknowledgement', async () => {
    const sim = await analyser();
    await until(() => gateway.hl7.length === 1);
    const oml = buildOml33(
      {
        sendingApplication: 'SIL',
        receivingApplication: 'ANALYSER',
        timestamp: '20240514083512',
        controlId: 'O-1',
      },
      [{ specimenId: 'S-9', tests: [{ code: 'K' }, { code: 'NA' }] }],
    );
    const acked = gateway.hl7[0]?.send(oml, 'O-1');
    const taken = Hl7Message.parse((await sim.takeOrder()) ?? '');
    expect(taken.getAllSegments('OBR').map((s) => s.getField(4).getComponent(1))).toEqual(['K', 'NA']);
    expect(taken.getSegment('SPM')?.getField(2).toString()).toBe('S-9');
    expect(await acked).toBe('AA');
  });
});
