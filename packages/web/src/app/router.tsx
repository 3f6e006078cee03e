import { createBrowserRouter } from 'react-router';
import { CrashPage } from './crash-page';
import { RootRoute } from './root-route';

/** One catch-all route: the contract's web route table decides what every address shows. */
export const router = createBrowserRouter([
  { path: '*', element: <RootRoute />, errorElement: <CrashPage /> },
]);
