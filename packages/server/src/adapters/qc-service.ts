import type { FastifyBaseLogger } from 'fastify';

/** What the external quality-control service receives of a run: the machine and its values. */
export interface QcSubmission {
  laboratory_id: string;
  machine_id: string;
  ciq_run_id: string;
  values: { parameter_id: string; level: string; lot: string; value: number; rules: string[] }[];
}

export interface QcService {
  /** Sends the run; throws QcServiceUnreachable when the service cannot be reached or refuses. */
  submit(run: QcSubmission): Promise<void>;
}

export class QcServiceUnreachable extends Error {}

/**
 * The configured service over HTTP: POST the run as JSON. A network failure, a timeout or a non-2xx
 * answer is one failure for the laboratory: the run stays unsent and may be sent again.
 */
export function httpQcService(url: string): QcService {
  return {
    async submit(run) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(run),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new QcServiceUnreachable(String(error));
      }
      if (!response.ok) throw new QcServiceUnreachable(`QC service answered ${response.status}`);
    },
  };
}

/** Offline default: the run is accepted locally and written to the server log. */
export function simulatedQcService(log: FastifyBaseLogger): QcService {
  return {
    async submit(run) {
      log.info(
        { ciq_run_id: run.ciq_run_id, values: run.values.length },
        'QC run sent to the local simulator',
      );
    },
  };
}
