import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './features/i18n/i18n';
import { applyTheme, storedTheme } from './features/theme/theme-slice';
import './styles.css';

applyTheme(storedTheme());

const container = document.getElementById('root');
if (container) {
  void initI18n().finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
