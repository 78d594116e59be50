// App-wide styles first, so every feature's own styles come after them.
import './styles.css';
import './components/ui.css';
import './components/controls.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './features/i18n/i18n';
import { applyTheme, storedTheme } from './features/theme/theme-slice';

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
