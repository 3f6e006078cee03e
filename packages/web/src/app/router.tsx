import { Component, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { CrashPage } from './crash-page';
import { RootRoute } from './root-route';

/** Shows the crash page instead of a blank one when a screen throws while rendering. */
class CrashBoundary extends Component<{ children: ReactNode }, { crashed: boolean; error: unknown }> {
  override state = { crashed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { crashed: true, error };
  }

  override render() {
    return this.state.crashed ? <CrashPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * One catch-all route: the contract's web route table decides what every address shows. The
 * declarative router is enough for that (no loaders or actions), and it is a fifth of the login
 * page's script lighter than the data router.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <CrashBoundary>
        <RootRoute />
      </CrashBoundary>
    </BrowserRouter>
  );
}
