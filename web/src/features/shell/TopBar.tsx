import { LogOut, Menu } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { AdminNavBadge } from '../admin/AdminNavBadge';
import { useAuth, useLogout } from '../auth/use-auth';
import { ThemeToggle } from '../theme/ThemeToggle';
import { themeToggled } from '../theme/theme-slice';

interface NavItem {
  to: string;
  label: string;
}

export function useNavItems(isAdmin: boolean): NavItem[] {
  const { t } = useTranslation();
  const items = [
    { to: '/dashboard', label: t('nav.dashboard') },
    { to: '/statistics', label: t('nav.statistics') },
    { to: '/settings', label: t('nav.settings') },
    { to: '/obs', label: t('nav.obs') },
  ];
  if (isAdmin) items.push({ to: '/admin', label: t('nav.admin') });
  return items;
}

/** Dashboard stays highlighted on /session/{id}. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to === '/dashboard') return pathname === '/dashboard' || pathname.startsWith('/session/');
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function TopBar() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const logout = useLogout();
  const { pathname } = useLocation();
  const items = useNavItems(user?.isAdmin === true);
  if (!user) return null;
  const name = user.displayName || user.username;

  return (
    <header className="topbar">
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Link to="/dashboard" className="logo">
        {t('app.name')}
      </Link>
      <nav className="topbar-nav" aria-label={t('nav.main')}>
        {items.map((item) => {
          // A plain Link: NavLink would drop aria-current on /session/{id}, where it is not
          // "active" by its own rule but Dashboard is highlighted.
          const active = isNavActive(item.to, pathname);
          return (
            <Link
              key={item.to}
              to={item.to}
              className={`nav-link ${active ? 'is-active' : ''}`}
              aria-current={active ? 'page' : undefined}
            >
              {item.label}
              {item.to === '/admin' && <AdminNavBadge announce />}
            </Link>
          );
        })}
      </nav>
      <div className="topbar-user">
        <ThemeToggle />
        <span className="user-chip">
          <Avatar
            src={user.profileImage}
            displayName={user.displayName}
            username={user.username}
            size={28}
          />
          <span className="user-name">{name}</span>
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={() => void logout()}
          aria-label={t('nav.logout')}
          title={t('nav.logout')}
        >
          <LogOut aria-hidden size={18} />
        </button>
      </div>
      <MobileMenu items={items} pathname={pathname} onLogout={() => void logout()} name={name} />
    </header>
  );
}

function MobileMenu(props: {
  items: NavItem[];
  pathname: string;
  onLogout: () => void;
  name: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.theme.theme);
  return (
    <div className="mobile-menu">
      <span className="user-name-mobile">{props.name}</span>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="icon-button" aria-label={t('nav.openMenu')}>
          <Menu aria-hidden size={20} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu-content" align="end" sideOffset={6}>
            {props.items.map((item) => (
              <DropdownMenu.Item
                key={item.to}
                className={`menu-item ${isNavActive(item.to, props.pathname) ? 'is-active' : ''}`}
                onSelect={() => void navigate(item.to)}
              >
                {item.label}
                {item.to === '/admin' && <AdminNavBadge />}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="menu-separator" />
            <DropdownMenu.Item className="menu-item" onSelect={() => dispatch(themeToggled())}>
              {theme === 'dark' ? t('nav.toLight') : t('nav.toDark')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={props.onLogout}>
              {t('nav.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
