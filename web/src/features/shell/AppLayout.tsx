import { Outlet } from 'react-router';
import { useAnnouncementDroppedNotice } from '../announcements/use-announcement-dropped-notice';
import { useSignOutOnSocketEnd } from '../live/use-sign-out-on-socket-end';
import { DemoBanner } from './DemoBanner';
import { TopBar } from './TopBar';
import './shell.css';
import './phone.css';

/** Signed-in pages (not the overlay): top bar, demo banner, the page. */
export default function AppLayout() {
  useSignOutOnSocketEnd();
  useAnnouncementDroppedNotice();
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
