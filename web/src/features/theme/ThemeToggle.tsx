import { Moon, Sun } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { applyTheme, themeToggled } from './theme-slice';

/** Keeps the class on <html> in step with the stored theme. Mounted once in the root layout. */
export function useThemeClass() {
  const theme = useAppSelector((state) => state.theme.theme);
  useEffect(() => applyTheme(theme), [theme]);
}

export function ThemeToggle({ withLabel = false, className = 'icon-button' }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.theme.theme);
  const label = theme === 'dark' ? t('nav.toLight') : t('nav.toDark');
  return (
    <button
      type="button"
      className={className}
      onClick={() => dispatch(themeToggled())}
      aria-label={withLabel ? undefined : label}
      title={label}
    >
      {theme === 'dark' ? <Sun aria-hidden size={18} /> : <Moon aria-hidden size={18} />}
      {withLabel && <span>{label}</span>}
    </button>
  );
}
