import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryJobs } from './job-port.js';
import type { Sending } from './sending.js';

/** Polls the sends due every `seconds` (0: never; tests run them by hand). Answers its stop. */
export function startSendingRunner(sending: Sending, seconds: number, log: FastifyBaseLogger): () => void {
  if (seconds <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sending
      .runDue()
      .catch((error: unknown) => log.error({ err: error }, 'Delivery runner failed'))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The embedded database (and `DELIVERY_JOBS=rows`): the row is the job, a poller in the process runs it. */
export function rowJobs(sending: Sending, pollSeconds: number, log: FastifyBaseLogger): DeliveryJobs {
  let stopRunner = () => {};
  return {
    kind: 'rows',
    // A row in 'sending' due now is already queued: the runner's next look takes it.
    enqueue: async () => {},
    async start() {
      stopRunner = startSendingRunner(sending, pollSeconds, log);
    },
    async stop() {
      stopRunner();
    },
  };
}
