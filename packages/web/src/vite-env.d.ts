/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the page's own (development against another host). */
  readonly VITE_API_ORIGIN?: string;
  /** The workstation agent (labels, scans); http://127.0.0.1:5175 when not set. */
  readonly VITE_AGENT_URL?: string;
}
