import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The generic page for unhandled errors while rendering a route. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="page error-page">
      <h1>{t('errors.unexpectedTitle')}</h1>
      <p>{t('errors.unexpectedText')}</p>
      <a href="/" className="button button-secondary">
        {t('common.backToHome')}
      </a>
    </main>
  );
}

/** Catches render errors anywhere below it (including failed lazy route chunks). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
