import { Outlet } from 'react-router';
import { ThemeToggle } from '../theme/ThemeToggle';
import { DemoBanner } from './DemoBanner';
import { Footer } from './Footer';
import './shell.css';

/** Landing, login and legal pages: demo banner, a fixed theme button, the footer. */
export default function PublicLayout() {
  return (
    <div className="public-layout">
      <DemoBanner />
      <ThemeToggle className="icon-button theme-fixed" />
      <div className="public-content">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
