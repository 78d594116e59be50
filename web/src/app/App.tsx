import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from './ErrorPage';
import { AppRoutes } from './router';
import { store } from './store';

export function App() {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </Provider>
  );
}
