/** The face of analysers (issue 41): its routes, and the agent's credential check for the authorization hook. */
export { type AgentCaller, authenticateAgent } from './agents/authenticate.js';
export { analyserRoutes } from './routes.js';
