import { Outlet } from 'react-router';
import { DemoBanner } from './DemoBanner';
import { TopBar } from './TopBar';
import './shell.css';

/** Signed-in pages (not the overlay): top bar, demo banner, the page. */
export default function AppLayout() {
  return (
    <div className="app-layout">
      <TopBar />
      <DemoBanner />
      <main id="main" className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
