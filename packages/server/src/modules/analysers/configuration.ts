import { createHash } from 'node:crypto';
import type { AgentAnalyserConfig, AgentConfiguration, AnalyserConnection } from '@sil/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { machines } from '../../db/schema/reference.js';
import { analyserMappingsOf } from '../results/index.js';
import type { AgentCaller } from './agents/authenticate.js';

type Machine = typeof machines.$inferSelect;

/** The connection a machine's fields describe, or null while they are incomplete. */
function connectionOf(m: Machine): AnalyserConnection | null {
  switch (m.machine_transport) {
    case 'tcp_server':
      return m.machine_port ? { transport: 'tcp_server', host: m.machine_host, port: m.machine_port } : null;
    case 'tcp_client':
      return m.machine_host && m.machine_port
        ? { transport: 'tcp_client', host: m.machine_host, port: m.machine_port }
        : null;
    case 'serial':
      return m.machine_serial_path
        ? {
            transport: 'serial',
            path: m.machine_serial_path,
            baud_rate: m.machine_baud_rate ?? 9600,
            data_bits: m.machine_data_bits ?? 8,
            parity: m.machine_parity ?? 'none',
            stop_bits: m.machine_stop_bits ?? 1,
          }
        : null;
    default:
      return null;
  }
}

/** The machines an agent serves, as its gateway opens them; the version changes with any of it. */
export async function agentConfiguration(q: Queryable, agent: AgentCaller): Promise<AgentConfiguration> {
  const rows = await q
    .select()
    .from(machines)
    .where(
      and(
        eq(machines.laboratory_id, agent.laboratoryId),
        eq(machines.machine_agent, agent.agentId),
        isNotNull(machines.machine_protocol),
      ),
    )
    .orderBy(asc(machines.machine_id));
  const analysers: AgentAnalyserConfig[] = [];
  for (const machine of rows) {
    const connection = connectionOf(machine);
    if (!connection || !machine.machine_protocol) continue;
    const mappings = await analyserMappingsOf(q, agent.laboratoryId, machine.machine_id);
    analysers.push({
      machine_id: machine.machine_id,
      machine_name: machine.machine_name,
      machine_code: machine.machine_code,
      protocol: machine.machine_protocol,
      connection,
      test_codes: mappings.map((mapping) => mapping.test_code).sort(),
    });
  }
  const version = createHash('sha256').update(JSON.stringify(analysers)).digest('hex').slice(0, 16);
  return { agent_id: agent.agentId, version, analysers };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * get-agent-configuration: answered at once when the agent's version is not the current one,
 * else once it changes or after `wait_s` (a long poll: any server copy answers it, nothing is held
 * in memory but the waiting request).
 */
export async function awaitConfiguration(
  q: Queryable,
  agent: AgentCaller,
  query: { version?: string | undefined; wait_s?: number | undefined },
  closed: () => boolean,
): Promise<AgentConfiguration> {
  const until = Date.now() + (query.wait_s ?? 0) * 1000;
  for (;;) {
    const configuration = await agentConfiguration(q, agent);
    if (configuration.version !== query.version || Date.now() >= until || closed()) return configuration;
    await pause(Math.min(1000, until - Date.now()));
  }
}
